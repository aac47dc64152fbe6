package dev.brisk.benchmarks.client;

import java.time.Duration;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code client <impl> --url URL --concurrency C --duration S [--warmup S] [--body BYTES] [--h2] [--http3]
 * [--io-threads N] [--ratio N]}: runs one client against a server and prints the one summary line. Shared by every
 * jar that drives clients; each passes the implementations it holds. {@code --http3} (Brisk's client only) loads an
 * {@code https://} URL over HTTP/3.
 */
public final class ClientMain {

    /** The options part of the usage text. */
    public static final String OPTIONS = "--url URL --concurrency C --duration SECONDS [--warmup SECONDS] "
            + "[--body BYTES] [--h2] [--http3] [--io-threads N] [--ratio N]";

    /** The one implementation that speaks HTTP/3. */
    private static final String HTTP3_IMPL = "brisk";

    private ClientMain() {
    }

    /**
     * Parses {@code args} (the implementation name first), runs it and prints the summary line.
     *
     * @throws IllegalArgumentException for an unknown implementation or option, with a message saying which
     */
    public static void run(String[] args, Map<String, Function<LoadOptions, LoadClient>> impls) throws Exception {
        if (args.length == 0) {
            throw new IllegalArgumentException("client: which implementation? one of " + impls.keySet());
        }
        Function<LoadOptions, LoadClient> factory = impls.get(args[0]);
        if (factory == null) {
            throw new IllegalArgumentException("client: unknown implementation " + args[0] + "; one of "
                    + impls.keySet());
        }
        LoadOptions options = parse(args);
        if (options.http3() && !args[0].equals(HTTP3_IMPL)) {
            throw new IllegalArgumentException("client: --http3 is supported by the " + HTTP3_IMPL
                    + " implementation only, not " + args[0]);
        }
        LoadClient client = factory.apply(options);
        Summary summary = options.ratio() > 0
                ? new AsyncSyncRatio(client, options).run()
                : new ClosedLoop(client, options).run();
        System.out.println(summary.line());
        System.out.flush();
        close(client);
    }

    /** Closes the client after the summary is out: a slow or failing shutdown only earns a warning. */
    private static void close(LoadClient client) {
        try {
            client.close();
        } catch (Exception e) {
            System.err.println("warning: closing the client failed: " + e);
        }
    }

    private static LoadOptions parse(String[] args) {
        CommandArgs arguments = new CommandArgs("client", args);
        String url = null;
        int concurrency = 64;
        Duration duration = null;
        Duration warmup = Duration.ofSeconds(10);
        int body = -1;
        boolean h2 = false;
        boolean http3 = false;
        int ioThreads = Runtime.getRuntime().availableProcessors();
        int ratio = 0;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--url" -> url = arguments.value(++i);
                case "--concurrency" -> concurrency = arguments.number(++i);
                case "--duration" -> duration = arguments.seconds(++i);
                case "--warmup" -> warmup = arguments.seconds(++i);
                case "--body" -> body = arguments.number(++i);
                case "--h2" -> h2 = true;
                case "--http3" -> http3 = true;
                case "--io-threads" -> ioThreads = arguments.number(++i);
                case "--ratio" -> ratio = arguments.number(++i);
                default -> throw new IllegalArgumentException("client: unknown option " + args[i]);
            }
        }
        if (url == null) {
            throw new IllegalArgumentException("client: --url is required");
        }
        if (duration == null) {
            throw new IllegalArgumentException("client: --duration is required");
        }
        return new LoadOptions(url, concurrency, warmup, duration, body, h2, ioThreads, ratio, http3);
    }
}
