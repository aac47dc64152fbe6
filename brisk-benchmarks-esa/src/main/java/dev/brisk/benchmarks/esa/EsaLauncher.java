package dev.brisk.benchmarks.esa;

import dev.brisk.benchmarks.client.ClientMain;
import dev.brisk.benchmarks.client.LoadClient;
import dev.brisk.benchmarks.client.LoadOptions;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The launcher of brisk-benchmarks-esa.jar: {@code client esa-restclient ...}, with the same options and the same
 * summary line as {@code brisk-benchmarks.jar client}, and {@code serve esa-httpserver|esa-restlight|esa-restlight-biz
 * --port N [--io-threads N]}, which prints {@code listening on <port>} like {@code brisk-benchmarks.jar serve}. A
 * separate jar because the ESA projects need Netty 4.1.
 */
public final class EsaLauncher {

    private static final Map<String, Function<LoadOptions, LoadClient>> IMPLS =
            Map.of("esa-restclient", EsaLoadClient::new);

    private static final List<String> SERVERS = List.of("esa-httpserver", "esa-restlight", "esa-restlight-biz");

    private static final String USAGE = "usage: java -jar brisk-benchmarks-esa.jar client esa-restclient "
            + ClientMain.OPTIONS + "\n       java -jar brisk-benchmarks-esa.jar serve " + String.join("|", SERVERS)
            + " --port N [--io-threads N]";

    private EsaLauncher() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("serve")) {
            serve(Arrays.copyOfRange(args, 1, args.length));
            return;
        }
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

    private static void serve(String[] args) throws InterruptedException {
        String impl = args.length == 0 ? "(none)" : args[0];
        if (!SERVERS.contains(impl)) {
            fail("serve: unknown implementation " + impl);
        }
        int port = 8080;
        int ioThreads = 1;
        for (int i = 1; i < args.length; i++) {
            if (i + 1 >= args.length) {
                fail("serve: option " + args[i] + " needs a value");
            }
            switch (args[i]) {
                case "--port" -> port = Integer.parseInt(args[++i]);
                case "--io-threads" -> ioThreads = Integer.parseInt(args[++i]);
                default -> fail("serve: unknown option " + args[i]);
            }
        }
        int bound = switch (impl) {
            case "esa-restlight" -> EsaRestlightServer.start(port, ioThreads, true);
            case "esa-restlight-biz" -> EsaRestlightServer.start(port, ioThreads, false);
            default -> EsaHttpServer.start(port, ioThreads);
        };
        System.out.println("listening on " + bound);
        System.out.flush();
        Thread.currentThread().join();
    }

    private static void fail(String problem) {
        System.err.println(problem);
        System.err.println(USAGE);
        System.exit(2);
    }
}
