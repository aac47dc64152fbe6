package dev.brisk.benchmarks.serve;

import dev.brisk.benchmarks.Launcher;
import dev.brisk.transport.Transport;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * {@code serve <impl> --port N [--io-threads N] [--tls [--http3]] [--transport T]}: prints {@code listening on <port>};
 * with {@code --http3} a Brisk implementation (or reactor-netty) serves HTTP/3 on the UDP port of the same number too.
 */
public final class ServeCommand {

    static final Map<String, Supplier<ServerImpl>> IMPLS = new LinkedHashMap<>();

    static {
        IMPLS.put("brisk-http", BriskHttpServer::new);
        IMPLS.put("netty-raw", NettyRawServer::new);
        IMPLS.put("brisk-rest-raw", BriskRestRawServer::io);
        IMPLS.put("brisk-rest-raw-worker", BriskRestRawServer::worker);
        IMPLS.put("brisk-rest-full", BriskRestFullServer::all);
        IMPLS.put("brisk-rest-full-none", BriskRestFullServer::none);
        for (BriskRestFullServer.Feature feature : BriskRestFullServer.Feature.values()) {
            IMPLS.put("brisk-rest-full-" + feature.id(), () -> BriskRestFullServer.only(feature));
        }
        IMPLS.put("brisk-rest-spring", BriskRestSpringServer::io);
        IMPLS.put("brisk-rest-spring-worker", BriskRestSpringServer::worker);
        IMPLS.put("brisk-rest-spring-virtual", BriskRestSpringServer::virtual);
        IMPLS.put("brisk-rest-jaxrs", BriskRestJaxRsServer::io);
        IMPLS.put("brisk-rest-jaxrs-worker", BriskRestJaxRsServer::worker);
        IMPLS.put("brisk-rest-jaxrs-virtual", BriskRestJaxRsServer::virtual);
        IMPLS.put("vertx-web", VertxWebServer::new);
        IMPLS.put("reactor-netty", ReactorNettyServer::new);
        IMPLS.put("spring-mvc", () -> new SpringMvcServer(SpringFilters.NONE));
        IMPLS.put("spring-boot-brisk", SpringBootBriskServer::standard);
        IMPLS.put("spring-boot-brisk-io", SpringBootBriskServer::io);
        IMPLS.put("spring-boot-brisk-servlet", () -> SpringBootBriskServer.servlet(SpringFilters.NONE));
        for (SpringFilters filters : List.of(SpringFilters.FILTER, SpringFilters.SECURITY)) {
            IMPLS.put("spring-mvc" + filters.suffix(), () -> new SpringMvcServer(filters));
            IMPLS.put("spring-boot-brisk" + filters.suffix(), () -> SpringBootBriskServer.servlet(filters));
        }
    }

    private ServeCommand() {
    }

    /** The names {@code serve} accepts. */
    public static String implementations() {
        return String.join(", ", IMPLS.keySet());
    }

    public static void run(String[] args) throws Exception {
        if (args.length == 0) {
            Launcher.fail("serve: which implementation?");
        }
        Supplier<ServerImpl> impl = IMPLS.get(args[0]);
        if (impl == null) {
            Launcher.fail("serve: unknown implementation " + args[0]);
        }
        int port = 8080;
        int ioThreads = 1;
        boolean tls = false;
        boolean http3 = false;
        Transport transport = Transport.AUTO;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--port" -> port = Integer.parseInt(value(args, ++i));
                case "--io-threads" -> ioThreads = Integer.parseInt(value(args, ++i));
                case "--tls" -> tls = true;
                case "--http3" -> http3 = true;
                case "--transport" -> transport = Transport.valueOf(value(args, ++i).toUpperCase(Locale.ROOT));
                default -> Launcher.fail("serve: unknown option " + args[i]);
            }
        }
        if (http3 && !tls) {
            Launcher.fail("serve: --http3 needs --tls (QUIC carries TLS 1.3)");
        }
        if (http3 && !args[0].startsWith("brisk-") && !args[0].equals("reactor-netty")) {
            Launcher.fail("serve: --http3 is served by the brisk-http, brisk-rest and reactor-netty implementations,"
                    + " not " + args[0]);
        }
        int bound = impl.get().start(new ServeOptions(port, ioThreads, tls, http3, transport));
        System.out.println("listening on " + bound);
        System.out.flush();
        Thread.currentThread().join();
    }

    private static String value(String[] args, int index) {
        if (index >= args.length) {
            Launcher.fail("serve: option " + args[index - 1] + " needs a value");
        }
        return args[index];
    }
}
