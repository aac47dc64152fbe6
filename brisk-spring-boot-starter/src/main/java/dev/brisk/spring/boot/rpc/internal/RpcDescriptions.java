package dev.brisk.spring.boot.rpc.internal;

import dev.brisk.rpc.ProviderStatus;
import dev.brisk.rpc.RpcServer;
import dev.brisk.rpc.ServiceStatus;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The server's state and the client's providers as JSON-ready maps, for the {@code rpc} endpoint and health. */
public final class RpcDescriptions {

    private RpcDescriptions() {
    }

    /** State, port, services and connections of a running server. */
    public static Map<String, Object> server(RpcServer server) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("state", server.state().name());
        out.put("port", server.port());
        out.put("services", server.services());
        out.put("connections", server.connections());
        return out;
    }

    /** Every service the client subscribed to, by name: ready and total providers, then each provider. */
    public static Map<String, Object> services(List<ServiceStatus> services) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (ServiceStatus service : services) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("ready", service.ready());
            entry.put("total", service.providers().size());
            entry.put("providers", service.providers().stream().map(RpcDescriptions::provider).toList());
            out.put(service.service(), entry);
        }
        return out;
    }

    /** One provider: address, version, weight, state, connections, calls in flight, answer time, ejections. */
    public static Map<String, Object> provider(ProviderStatus provider) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("address", provider.address());
        out.put("version", provider.version());
        out.put("weight", provider.weight());
        out.put("state", provider.state().name());
        out.put("readyConnections", provider.readyConnections());
        out.put("connections", provider.connections());
        out.put("inFlight", provider.inFlight());
        provider.averageAnswerTime().map(Duration::toNanos)
                .ifPresent(nanos -> out.put("averageAnswerMillis", nanos / 1_000_000.0));
        out.put("ejections", provider.ejections());
        return out;
    }
}
