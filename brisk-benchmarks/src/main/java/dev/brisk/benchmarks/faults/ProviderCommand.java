package dev.brisk.benchmarks.faults;

import dev.brisk.benchmarks.client.CommandArgs;
import dev.brisk.benchmarks.faults.shop.OrderService;
import dev.brisk.benchmarks.faults.shop.OrderServiceV2;
import dev.brisk.rpc.RpcServer;
import dev.brisk.rpc.zookeeper.ZooKeeperRegistry;

import java.nio.file.Path;

/**
 * {@code faults provider --port N --zookeeper HOST:PORT --calls FILE [--version V] [--weight W] [--v2]}: an
 * {@link RpcServer} on 127.0.0.1 offering the order service ({@link OrderServiceV2}, one method more, with
 * {@code --v2}) and registering it in ZooKeeper, with the server's default options otherwise. Every call of a method
 * that changes something is appended to the calls file ({@link CallLog}). Prints {@code listening on N} once
 * registered; on SIGTERM it shuts down gracefully ({@link RpcServer#close()}: unregister, drain, stop) and prints
 * {@code stopped in N ms}.
 */
final class ProviderCommand {

    private ProviderCommand() {
    }

    static void run(String[] args) throws Exception {
        CommandArgs arguments = new CommandArgs("faults provider", args);
        int port = 0;
        String zookeeper = null;
        Path calls = null;
        String version = "";
        int weight = 100;
        boolean v2 = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--port" -> port = arguments.number(++i);
                case "--zookeeper" -> zookeeper = arguments.value(++i);
                case "--calls" -> calls = Path.of(arguments.value(++i));
                case "--version" -> version = arguments.value(++i);
                case "--weight" -> weight = arguments.number(++i);
                case "--v2" -> v2 = true;
                default -> throw new IllegalArgumentException("faults provider: unknown option " + args[i]);
            }
        }
        if (port <= 0 || zookeeper == null || calls == null) {
            throw new IllegalArgumentException("faults provider: --port, --zookeeper and --calls are required");
        }
        ConsoleLogging.warningsToStandardError();
        CallLog log = new CallLog(calls);
        RecordingOrderService service = new RecordingOrderService(log);
        ZooKeeperRegistry registry = ZooKeeperRegistry.builder().connectString(zookeeper).build();
        String serverVersion = version;
        int serverWeight = weight;
        RpcServer.Builder builder = RpcServer.builder().host("127.0.0.1").port(port).registry(registry)
                .options(o -> o.version(serverVersion).weight(serverWeight));
        RpcServer server = v2 ? builder.service(OrderServiceV2.class, service).start()
                : builder.service(OrderService.class, service).start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(server, registry, log), "provider-shutdown"));
        System.out.println("listening on " + server.port() + (v2 ? " (v2)" : ""));
        System.out.flush();
        Thread.currentThread().join();
    }

    private static void stop(RpcServer server, ZooKeeperRegistry registry, CallLog log) {
        long start = System.nanoTime();
        server.close();
        registry.close();
        try {
            log.close();
        } catch (Exception e) {
            System.err.println("warning: closing the calls file failed: " + e);
        }
        System.out.println("stopped in " + (System.nanoTime() - start) / 1_000_000 + " ms");
        System.out.flush();
    }
}
