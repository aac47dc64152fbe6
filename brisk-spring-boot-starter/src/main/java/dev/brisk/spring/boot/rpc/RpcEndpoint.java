package dev.brisk.spring.boot.rpc;

import dev.brisk.rpc.RpcClient;
import dev.brisk.rpc.RpcServer;
import dev.brisk.spring.boot.rpc.internal.ExistingRpcClient;
import dev.brisk.spring.boot.rpc.internal.RpcDescriptions;
import dev.brisk.spring.boot.rpc.internal.RpcServerLifecycle;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code rpc} actuator endpoint, an operator's view and switch of the application's RPC: {@code GET /actuator/rpc}
 * answers the server's state and, for each service the client references, its providers (state, connections, calls
 * in flight, answer time, ejections); {@code POST /actuator/rpc/offline} and {@code /online} take the server out of its
 * registry and put it back ({@link RpcServer#offline()}); {@code POST /actuator/rpc/offline/{host:port}} and
 * {@code /online/{host:port}} take one provider out of the client's rotation and put it back
 * ({@link RpcClient#offline(String)}). Exposed like any endpoint ({@code management.endpoints.web.exposure.include});
 * secure it as the other write endpoints.
 */
@Endpoint(id = "rpc")
public class RpcEndpoint {

    private final RpcServerLifecycle server;
    private final ExistingRpcClient client;

    public RpcEndpoint(RpcServerLifecycle server, ExistingRpcClient client) {
        this.server = server;
        this.client = client;
    }

    /** The server (when beans are exported) and the providers of each referenced service (once the client exists). */
    @ReadOperation
    public Map<String, Object> rpc() {
        Map<String, Object> out = new LinkedHashMap<>();
        Optional<RpcServer> running = server.server();
        if (running.isPresent()) {
            out.put("server", RpcDescriptions.server(running.get()));
        } else if (server.exporting()) {
            out.put("server", Map.of("state", "CLOSED", "services", server.services()));
        }
        client.get().ifPresent(rpc -> {
            out.put("references", RpcDescriptions.services(rpc.providers()));
            out.put("offlineProviders", rpc.offlineAddresses());
        });
        return out;
    }

    /** {@code offline} or {@code online}: the server leaves or rejoins its registry; 400 when no server runs. */
    @WriteOperation
    public Map<String, Object> server(@Selector String action) {
        action(action);
        RpcServer rpc = server.server().orElseThrow(() -> invalid("no RPC server runs here: the application exports"
                + " no @RpcProvider bean, or the server has stopped"));
        try {
            if (action(action).equals("offline")) {
                rpc.offline();
            } else {
                rpc.online();
            }
        } catch (IllegalStateException e) {
            throw invalid(e.getMessage());
        }
        return RpcDescriptions.server(rpc);
    }

    /**
     * {@code offline} or {@code online} of the provider at {@code address} ({@code host:port}) in the client's
     * rotation; 400 when the application has no client yet (no reference was used).
     */
    @WriteOperation
    public Map<String, Object> provider(@Selector String action, @Selector String address) {
        action(action);
        RpcClient rpc = client.get().orElseThrow(() -> invalid("no RPC client runs here: the application has used"
                + " no @RpcReference yet"));
        try {
            boolean changed = action(action).equals("offline") ? rpc.offline(address) : rpc.online(address);
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("address", address);
            out.put("changed", changed);
            out.put("offlineProviders", rpc.offlineAddresses());
            return out;
        } catch (IllegalArgumentException e) {
            throw invalid(e.getMessage());
        }
    }

    private static String action(String action) {
        if (!action.equals("offline") && !action.equals("online")) {
            throw invalid("unknown action '" + action + "': offline or online");
        }
        return action;
    }

    private static InvalidEndpointRequestException invalid(String message) {
        return new InvalidEndpointRequestException(message, message);
    }
}
