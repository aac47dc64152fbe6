package dev.brisk.benchmarks.collapse;

import dev.brisk.benchmarks.client.CommandArgs;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * {@code collapse --mode on|off --scenario server|client [options]}: the seed's hot-key scenarios with Brisk pieces,
 * printing the one summary line plus {@code backend_calls=<n>} (backend calls in the measured window).
 * <ul>
 *   <li>{@code server}: a route whose backend call takes 100 ms on one of 200 worker threads, 400 callers on one hot
 *   key; {@code on} collapses the route with {@code RouteCollapsing};</li>
 *   <li>{@code client}: 200 callers of one hot URL through brisk-client, with ({@code on}) and without
 *   {@code CollapsingInterceptor};</li>
 *   <li>{@code rest-client}: 200 threads calling the server scenario's slow backend through a Spring RestClient, with
 *   ({@code on}) and without {@code CollapsingRequestInterceptor} (see {@link RestClientCollapseLoad}).</li>
 * </ul>
 * {@code --keys N|unique} and {@code --zipf} sweep the key distribution. Server and load run in this process.
 * {@code --controlled}: after the warm-up, one measured window (after a second of ramp-up) per {@code measure} line
 * on standard input, the load stopped between windows; {@code bench/launcher-interleaved.sh} drives two such
 * processes in turn. {@code --mode A,B} (say {@code off,on}; client scenario): both loads at once in this process,
 * {@code --windows N} windows of {@code --duration} each (see {@link CollapsePair}).
 */
public final class CollapseCommand {

    /** The options part of the usage text. */
    public static final String OPTIONS = "--mode on|off|A,B --scenario server|client|rest-client [--concurrency C] "
            + "[--duration S] "
            + "[--warmup S] [--keys N|unique] [--zipf] [--backend-ms MS] [--backend-slots N] [--controlled] "
            + "[--windows N]";

    private CollapseCommand() {
    }

    /** Parses {@code args}, runs, prints the summary line. */
    public static void run(String[] args) throws Exception {
        Parsed parsed = parse(args);
        CollapseRun run = parsed.run();
        if (parsed.restClient()) {
            try (BenchmarkServer server = new BenchmarkServer(RestClientCollapseLoad.backend(run));
                 RestClientCollapseLoad load = new RestClientCollapseLoad(run, server.baseUrl())) {
                System.out.println(load.run(server::backendCalls).line());
                System.out.flush();
            }
            return;
        }
        if (parsed.paired() != null) {
            try (BenchmarkServer server = new BenchmarkServer(run)) {
                CollapsePair.run(run, parsed.paired(), server.baseUrl(), parsed.windows(), System.out);
            }
            return;
        }
        try (BenchmarkServer server = new BenchmarkServer(run);
             CollapseLoad load = new CollapseLoad(run, server.baseUrl())) {
            if (run.controlled()) {
                load.runControlled(server::backendCalls, new BufferedReader(new InputStreamReader(
                        System.in, StandardCharsets.UTF_8)), System.out);
                return;
            }
            CollapseLoad.Result result = load.run(server::backendCalls);
            System.out.println(result.line());
            System.out.flush();
        }
    }

    /**
     * A parsed command line: the run, the run measured beside it ({@code --mode A,B}) or null, the windows, and
     * whether its callers use Spring's RestClient ({@code --scenario rest-client}).
     */
    record Parsed(CollapseRun run, CollapseRun paired, int windows, boolean restClient) {
    }

    static Parsed parse(String[] args) {
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
        int windows = 10;
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
                case "--windows" -> windows = arguments.number(++i);
                default -> throw new IllegalArgumentException("collapse: unknown option " + args[i]);
            }
        }
        String[] modes = mode == null ? new String[] {null} : mode.split(",", -1);
        for (String one : modes) {
            if (!"on".equals(one) && !"off".equals(one) || modes.length > 2) {
                throw new IllegalArgumentException("collapse: --mode must be on, off, or two of them (A,B): " + mode);
            }
        }
        if (!"server".equals(scenario) && !"client".equals(scenario) && !"rest-client".equals(scenario)) {
            throw new IllegalArgumentException("collapse: --scenario must be server, client or rest-client: "
                    + scenario);
        }
        boolean restClient = "rest-client".equals(scenario);
        boolean server = "server".equals(scenario);
        if (restClient && (modes.length == 2 || controlled)) {
            throw new IllegalArgumentException("collapse: --scenario rest-client runs one mode, without --controlled");
        }
        if (modes.length == 2 && (server || controlled)) {
            throw new IllegalArgumentException("collapse: --mode A,B measures two clients side by side: only with"
                    + " --scenario client, and without --controlled");
        }
        if (windows < 1) {
            throw new IllegalArgumentException("collapse: --windows must be >= 1: " + windows);
        }
        int lanes = concurrency != null ? concurrency : server ? 400 : 200;
        CollapseRun run = new CollapseRun("on".equals(modes[0]), server, lanes, warmup, duration, backendMs,
                backendSlots, keys, zipf, controlled);
        CollapseRun paired = modes.length == 2 ? new CollapseRun("on".equals(modes[1]), false, lanes, warmup,
                duration, backendMs, backendSlots, keys, zipf, false) : null;
        return new Parsed(run, paired, windows, restClient);
    }
}
