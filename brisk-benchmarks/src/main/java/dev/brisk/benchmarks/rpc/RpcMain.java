package dev.brisk.benchmarks.rpc;

import dev.brisk.benchmarks.client.CommandArgs;
import dev.brisk.benchmarks.client.Summary;

import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;

/**
 * {@code rpc <impl> serve --port N} and {@code rpc <impl> call --port N --method M --threads T --duration S
 * [--warmup S] [--host H]}: serves {@link UserServiceImpl} with one implementation, or calls such a server in a closed
 * loop and prints the one summary line. Shared by every jar that holds RPC implementations; each passes its own.
 */
public final class RpcMain {

    /** The options part of the usage text. */
    public static final String OPTIONS = "serve --port N | call --port N --method " + RpcMethod.names()
            + " [--threads T] [--warmup SECONDS] --duration SECONDS [--host HOST]";

    private RpcMain() {
    }

    /**
     * Parses {@code args} (the implementation name first) and serves (until the process is killed) or calls.
     *
     * @throws IllegalArgumentException for an unknown implementation, action or option, with a message saying which
     */
    public static void run(String[] args, Map<String, Supplier<RpcPeer>> impls) throws Exception {
        if (args.length == 0) {
            throw new IllegalArgumentException("rpc: which implementation? one of " + impls.keySet());
        }
        Supplier<RpcPeer> impl = impls.get(args[0]);
        if (impl == null) {
            throw new IllegalArgumentException("rpc: unknown implementation " + args[0] + "; one of " + impls.keySet());
        }
        if (args.length < 2 || !(args[1].equals("serve") || args[1].equals("call"))) {
            throw new IllegalArgumentException("rpc " + args[0] + ": serve or call?");
        }
        Options options = parse(args);
        RpcPeer peer = impl.get();
        if (args[1].equals("serve")) {
            serve(peer, options);
        } else {
            call(peer, options);
        }
    }

    private static void serve(RpcPeer peer, Options options) throws Exception {
        RpcPeer.Running server = peer.serve(options.port, new UserServiceImpl());
        Runtime.getRuntime().addShutdownHook(new Thread(() -> closeQuietly(server), "rpc-serve-shutdown"));
        System.out.println("listening on " + server.port());
        System.out.flush();
        Thread.currentThread().join();
    }

    private static void call(RpcPeer peer, Options options) throws Exception {
        if (options.method == null) {
            throw new IllegalArgumentException("rpc call: --method is required: " + RpcMethod.names());
        }
        if (options.duration == null) {
            throw new IllegalArgumentException("rpc call: --duration is required");
        }
        if (options.port <= 0) {
            throw new IllegalArgumentException("rpc call: --port is required");
        }
        RpcPeer.Connected connected = peer.connect(options.host, options.port);
        Summary summary = new RpcCallLoop(connected.service(), options.method, options.threads)
                .run(options.warmup, options.duration);
        System.out.println(summary.line());
        System.out.flush();
        closeQuietly(connected);
    }

    /** Closes after the summary is out: a slow or failing shutdown only earns a warning. */
    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            System.err.println("warning: closing failed: " + e);
        }
    }

    private static Options parse(String[] args) {
        CommandArgs arguments = new CommandArgs("rpc", args);
        Options options = new Options();
        for (int i = 2; i < args.length; i++) {
            switch (args[i]) {
                case "--port" -> options.port = arguments.number(++i);
                case "--host" -> options.host = arguments.value(++i);
                case "--method" -> options.method = RpcMethod.named(arguments.value(++i));
                case "--threads" -> options.threads = arguments.number(++i);
                case "--warmup" -> options.warmup = arguments.seconds(++i);
                case "--duration" -> options.duration = arguments.seconds(++i);
                default -> throw new IllegalArgumentException("rpc: unknown option " + args[i]);
            }
        }
        return options;
    }

    /** The parsed command line. */
    private static final class Options {
        int port;
        String host = "127.0.0.1";
        RpcMethod method;
        int threads = 32;
        Duration warmup = Duration.ofSeconds(5);
        Duration duration;
    }
}
