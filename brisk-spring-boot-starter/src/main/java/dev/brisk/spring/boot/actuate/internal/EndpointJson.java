package dev.brisk.spring.boot.actuate.internal;

import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.jackson.EndpointJsonMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes actuator results as JSON the way Boot does: endpoint descriptors ({@link OperationResponseBody}) with the
 * isolated endpoint mapper, anything else with the application's mapper.
 */
public final class EndpointJson {

    private final JsonMapper endpointMapper;
    private final JsonMapper applicationMapper;

    public EndpointJson(ObjectProvider<EndpointJsonMapper> endpointMapper, ObjectProvider<JsonMapper> applicationMapper) {
        JsonMapper application = applicationMapper.getIfUnique();
        this.applicationMapper = application != null ? application : JsonMapper.builder().build();
        EndpointJsonMapper endpoint = endpointMapper.getIfUnique();
        this.endpointMapper = endpoint != null ? endpoint.get() : this.applicationMapper;
    }

    public byte[] write(Object body) {
        JsonMapper mapper = body instanceof OperationResponseBody ? endpointMapper : applicationMapper;
        return mapper.writeValueAsBytes(body);
    }

    /** Reads a request body: a JSON object of operation arguments. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> readArguments(byte[] body) {
        return endpointMapper.readValue(body, Map.class);
    }
}
