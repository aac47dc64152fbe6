package dev.brisk.openapi;

import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * What the OpenAPI document says of one operation beyond what its route tells: summary, description, tags, the Java
 * types of the request and response bodies, parameters. For programmatic routes, whose handlers are lambdas, this is
 * the only source of types; on a controller's route it overrides what the method's annotations gave.
 *
 * <pre>{@code
 * OperationInfo.builder().summary("Find a user").response(User.class).queryParameter("fields", String.class, false)
 *         .build()
 * }</pre>
 *
 * @param operationId the operation id; empty derives one from the method and path ({@code getUsersById})
 * @param summary     a short summary
 * @param description a longer description
 * @param tags        the tags; empty for none
 * @param requestBody the Java type of the request body, if it has one
 * @param response    the Java type of the success response body; empty for an undescribed body
 * @param status      the status of the success response, 100 to 599
 * @param deprecated  whether the operation is deprecated
 * @param parameters  query, header and cookie parameters (path parameters come from the route's template)
 */
public record OperationInfo(Optional<String> operationId, Optional<String> summary, Optional<String> description,
                            List<String> tags, Optional<Type> requestBody, Optional<Type> response, int status,
                            boolean deprecated, List<Parameter> parameters) {

    /** Nothing beyond the route. */
    public static final OperationInfo EMPTY = builder().build();

    public OperationInfo {
        Objects.requireNonNull(operationId, "operationId must not be null");
        Objects.requireNonNull(summary, "summary must not be null");
        Objects.requireNonNull(description, "description must not be null");
        tags = List.copyOf(Objects.requireNonNull(tags, "tags must not be null"));
        Objects.requireNonNull(requestBody, "requestBody must not be null");
        Objects.requireNonNull(response, "response must not be null");
        if (status < 100 || status > 599) {
            throw new IllegalArgumentException("status must be within [100, 599]: " + status);
        }
        parameters = List.copyOf(Objects.requireNonNull(parameters, "parameters must not be null"));
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.operationId = operationId;
        b.summary = summary;
        b.description = description;
        b.tags = new ArrayList<>(tags);
        b.requestBody = requestBody;
        b.response = response;
        b.status = status;
        b.deprecated = deprecated;
        b.parameters = new ArrayList<>(parameters);
        return b;
    }

    /** Where a parameter is sent. */
    public enum In {
        QUERY, HEADER, COOKIE;

        /** The name OpenAPI uses: {@code query}, {@code header}, {@code cookie}. */
        public String value() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * A query, header or cookie parameter.
     *
     * @param in       where it is sent
     * @param name     its name
     * @param type     its Java type (its schema is generated from it)
     * @param required whether a request must carry it
     */
    public record Parameter(In in, String name, Type type, boolean required) {
        public Parameter {
            Objects.requireNonNull(in, "in must not be null");
            Objects.requireNonNull(name, "name must not be null");
            Objects.requireNonNull(type, "type must not be null");
            if (name.isEmpty()) {
                throw new IllegalArgumentException("name must not be empty");
            }
        }
    }

    /** Builds an {@link OperationInfo}; unset components keep {@link #EMPTY}'s values (status 200). */
    public static final class Builder {
        private Optional<String> operationId = Optional.empty();
        private Optional<String> summary = Optional.empty();
        private Optional<String> description = Optional.empty();
        private List<String> tags = new ArrayList<>();
        private Optional<Type> requestBody = Optional.empty();
        private Optional<Type> response = Optional.empty();
        private int status = 200;
        private boolean deprecated;
        private List<Parameter> parameters = new ArrayList<>();

        private Builder() {
        }

        public Builder operationId(String operationId) {
            this.operationId = Optional.of(operationId);
            return this;
        }

        public Builder summary(String summary) {
            this.summary = Optional.of(summary);
            return this;
        }

        public Builder description(String description) {
            this.description = Optional.of(description);
            return this;
        }

        public Builder tags(String... tags) {
            this.tags = new ArrayList<>(List.of(tags));
            return this;
        }

        /** The Java type of the request body, e.g. {@code NewPet.class} or a {@code ParameterizedType}. */
        public Builder requestBody(Type type) {
            this.requestBody = Optional.of(type);
            return this;
        }

        /** The Java type of the success response body. */
        public Builder response(Type type) {
            this.response = Optional.of(type);
            return this;
        }

        /** The status of the success response; default 200. */
        public Builder status(int status) {
            this.status = status;
            return this;
        }

        public Builder deprecated(boolean deprecated) {
            this.deprecated = deprecated;
            return this;
        }

        public Builder parameter(Parameter parameter) {
            parameters.add(Objects.requireNonNull(parameter, "parameter"));
            return this;
        }

        public Builder queryParameter(String name, Type type, boolean required) {
            return parameter(new Parameter(In.QUERY, name, type, required));
        }

        public Builder headerParameter(String name, Type type, boolean required) {
            return parameter(new Parameter(In.HEADER, name, type, required));
        }

        public Builder cookieParameter(String name, Type type, boolean required) {
            return parameter(new Parameter(In.COOKIE, name, type, required));
        }

        public OperationInfo build() {
            return new OperationInfo(operationId, summary, description, tags, requestBody, response, status,
                    deprecated, parameters);
        }
    }
}
