package dev.brisk.benchmarks.rpc.brisk;

import dev.brisk.benchmarks.rpc.RpcPeer;
import dev.brisk.benchmarks.rpc.UserService;
import dev.brisk.rpc.RpcClient;
import dev.brisk.rpc.RpcServer;

/**
 * {@code rpc brisk}: Brisk's RPC with its defaults, as an application starts it: the fixed entry points of
 * brisk-rpc, service methods on its worker pool (never the event loop), Fory serialization; the callers share one
 * client and its proxy.
 */
public final class BriskRpcPeer implements RpcPeer {

    @Override
    public Running serve(int port, UserService service) {
        RpcServer server = RpcServer.builder().port(port).service(UserService.class, service).start();
        return new Running() {
            @Override
            public int port() {
                return server.port();
            }

            @Override
            public void close() {
                server.close();
            }
        };
    }

    @Override
    public Connected connect(String host, int port) {
        RpcClient client = RpcClient.builder().addresses(host + ":" + port).build();
        UserService service = client.proxy(UserService.class);
        return new Connected() {
            @Override
            public UserService service() {
                return service;
            }

            @Override
            public void close() {
                client.close();
            }
        };
    }
}
