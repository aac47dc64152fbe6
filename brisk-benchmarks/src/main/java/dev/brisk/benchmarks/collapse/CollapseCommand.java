package dev.brisk.benchmarks.collapse;

import dev.brisk.benchmarks.client.CommandArgs;

import java.time.Duration;

/**
 * {@code collapse --mode on|off --scenario server|client [options]}: the seed's hot-key scenarios with Brisk pieces,
 * printing the one summary line plus {@code backend_calls=<n>} (backend calls in the measured window).
 * <ul>
 *   <li>{@code server}: a route whose backend call takes 100 ms on one of 200 worker threads, 400 callers on one hot
 *   key; {@code on} collapses the route with {@code RouteCollapsing};</li>
 *   <li>{@code client}: 200 callers of one hot URL through brisk-client, with ({@code on}) and without
 *   {@code CollapsingInterceptor}.</li>
 * </ul>
 * {@code --keys N|unique} and {@code --zipf} sweep the key distribution. Server and load run in this process.
 * {@code --controlled}: after the warm-up, one measured window (after a second of ramp-up) per {@code measure} line
 * on standard input, the load stopped between windows; {@code bench/launcher-interleaved.sh} drives two such
 * processes in turn.
 */
public final class CollapseCommand {

    /** The options part of the usage text. */
    public static final String OPTIONS = "--mode on|off --scenario server|client [--concurrency C] [--duration S] "
            + "[--warmup S] [--keys N|unique] [--zipf] [--backend-ms MS] [--backend-slots N] [--controlled]";

    private CollapseCommand() {
    }

    /** Parses {@code args}, runs, prints the summary line. */
    public static void run(String[] args) throws Exception {
        CollapseRun run = parse(args);
        try (BenchmarkServer server = new BenchmarkServer(run);
             CollapseLoad load = new CollapseLoad(run, server.baseUrl())) {
            if (run.controlled()) {
                load.runControlled(server::backendCalls, new java.io.BufferedReader(new java.io.InputStreamReader(
                        System.in, java.nio.charset.StandardCharsets.UTF_8)), System.out);
                return;
            }
            CollapseLoad.Result result = load.run(server::backendCalls);
            System.out.println(result.line());
            System.out.flush();
        }
    }

    static CollapseRun parse(String[] args) {
        CommandArgs arguments = new CommandArgs("collapse", args);
        String mode = null;
        String scenario = null;
        Integer concurrency = null;
        Duration duration = Duration.ofSeconds(30);
        Duration warmup = Duration.ofSeconds(10);
        int backendMs = 100;
        int backendSlots = 200;
        int keys = 1;
        boolean zipf = false;
        boolean controlled = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--mode" -> mode = arguments.value(++i);
                case "--scenario" -> scenario = arguments.value(++i);
                case "--concurrency" -> concurrency = arguments.number(++i);
                case "--duration" -> duration = arguments.seconds(++i);
                case "--warmup" -> warmup = arguments.seconds(++i);
                case "--backend-ms" -> backendMs = arguments.number(++i);
                case "--backend-slots" -> backendSlots = arguments.number(++i);
                case "--keys" -> {
                    String value = arguments.value(++i);
                    keys = "unique".equals(value) ? 0 : arguments.number(i);
                }
                case "--zipf" -> zipf = true;
                case "--controlled" -> controlled = true;
                default -> throw new IllegalArgumentException("collapse: unknown option " + args[i]);
            }
        }
        if (!"on".equals(mode) && !"off".equals(mode)) {
            throw new IllegalArgumentException("collapse: --mode must be on or off: " + mode);
        }
        if (!"server".equals(scenario) && !"client".equals(scenario)) {
            throw new IllegalArgumentException("collapse: --scenario must be server or client: " + scenario);
        }
        boolean server = "server".equals(scenario);
        return new CollapseRun("on".equals(mode), server, concurrency != null ? concurrency : server ? 400 : 200,
                warmup, duration, backendMs, backendSlots, keys, zipf, controlled);
    }
}
