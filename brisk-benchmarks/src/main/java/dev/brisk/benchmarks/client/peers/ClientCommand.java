package dev.brisk.benchmarks.client.peers;

import dev.brisk.benchmarks.client.ClientMain;
import dev.brisk.benchmarks.client.LoadClient;
import dev.brisk.benchmarks.client.LoadOptions;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code client <impl> ...}: drives Brisk's client or one of its peers against a server and prints
 * {@code rps=<n> p50_ms=<x> p99_ms=<y> errors=<k> cpu_us=<c>}. esa-restclient is not here: it needs Netty 4.1 and
 * runs from its own jar (brisk-benchmarks-esa).
 */
public final class ClientCommand {

    private static final Map<String, Function<LoadOptions, LoadClient>> IMPLS = new LinkedHashMap<>();

    static {
        IMPLS.put("brisk", BriskLoadClient::new);
        IMPLS.put("okhttp", OkHttpLoadClient::new);
        IMPLS.put("apache-hc5", ApacheLoadClient::new);
        IMPLS.put("jdk", JdkLoadClient::new);
        IMPLS.put("reactor-netty", ReactorNettyLoadClient::new);
        IMPLS.put("vertx", VertxLoadClient::new);
    }

    private ClientCommand() {
    }

    /** The names {@code client} accepts. */
    public static String implementations() {
        return String.join(", ", IMPLS.keySet());
    }

    public static void run(String[] args) throws Exception {
        ClientMain.run(args, IMPLS);
    }
}
