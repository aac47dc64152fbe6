package dev.brisk.benchmarks.esa;

import dev.brisk.benchmarks.client.ClientMain;
import dev.brisk.benchmarks.client.LoadClient;
import dev.brisk.benchmarks.client.LoadOptions;

import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;

/**
 * The launcher of brisk-benchmarks-esa.jar: {@code client esa-restclient ...}, with the same options and the same
 * summary line as {@code brisk-benchmarks.jar client}. A separate jar because esa-restclient needs Netty 4.1.
 */
public final class EsaLauncher {

    private static final Map<String, Function<LoadOptions, LoadClient>> IMPLS =
            Map.of("esa-restclient", EsaLoadClient::new);

    private static final String USAGE = "usage: java -jar brisk-benchmarks-esa.jar client esa-restclient "
            + ClientMain.OPTIONS;

    private EsaLauncher() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0 || !args[0].equals("client")) {
            fail(args.length == 0 ? "no command given" : "unknown command: " + args[0]);
        }
        try {
            ClientMain.run(Arrays.copyOfRange(args, 1, args.length), IMPLS);
        } catch (IllegalArgumentException e) {
            fail(e.getMessage());
        }
        System.exit(0);
    }

    private static void fail(String problem) {
        System.err.println(problem);
        System.err.println(USAGE);
        System.exit(2);
    }
}
