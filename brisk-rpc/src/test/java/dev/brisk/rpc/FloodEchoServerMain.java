package dev.brisk.rpc;

import dev.brisk.http.testing.ChildServer;

/** The server {@link HeartbeatSoakTest} floods, run in a JVM of its own: the echo service with default options. */
public final class FloodEchoServerMain {

    private FloodEchoServerMain() {
    }

    public static void main(String[] args) throws Exception {
        RpcServer server = RpcServer.builder().host("127.0.0.1").port(0)
                .service(EchoService.class, new EchoServiceImpl()).start();
        ChildServer.serveUntilParentLeaves(server, server.port());
    }
}
