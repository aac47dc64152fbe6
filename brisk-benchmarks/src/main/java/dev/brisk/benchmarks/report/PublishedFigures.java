package dev.brisk.benchmarks.report;

import java.util.List;
import java.util.Optional;

/**
 * Figures the projects Brisk re-implements published for their own benchmarks, quoted beside a peer's row for
 * context (other hardware, other years, their peers): never measured here.
 */
final class PublishedFigures {

    /** A figure shown in the row of {@code impl} in the tables of {@code area} whose name holds {@code table}. */
    private record Figure(Area area, String table, String impl, String text) {
    }

    private static final List<Figure> FIGURES = List.of(
            new Figure(Area.SERVER, "echo", "netty-raw",
                    "ESA HttpServer 1.10× raw Netty (rps, echo 1 KB, 8 IO threads)"),
            new Figure(Area.REST, "", "spring-mvc",
                    "ESA Restlight 3.12× (IO threads), 2.57× (workers) Spring Web (rps, echo 1 KB)"),
            new Figure(Area.CLIENT, "", "okhttp", "ESA RestClient 1.57× OkHttp (best TPS)"),
            new Figure(Area.CLIENT, "", "apache-hc5", "ESA RestClient 1.32× Apache HttpAsyncClient (best TPS)"),
            new Figure(Area.COLLAPSE, "server", "no collapsing",
                    "collapse-executor 1.94× without (TPS, servlet, 400 threads, 100 ms backend)"),
            new Figure(Area.COLLAPSE, "client", "no collapsing",
                    "collapse-executor 1.81× (RestTemplate), 1.43× (WebClient) without (TPS, 200 threads)"),
            new Figure(Area.RPC, "existUser", "dubbo", "Turbo 2.05× Dubbo (existUser, ops/ms)"),
            new Figure(Area.RPC, "existUser", "grpc", "Turbo 2.75× gRPC (existUser, ops/ms)"));

    private PublishedFigures() {
    }

    /** The published figure beside {@code impl} in {@code table} of {@code area}, if there is one. */
    static Optional<String> figure(Area area, String table, String impl) {
        return FIGURES.stream()
                .filter(figure -> figure.area == area && figure.impl.equals(impl) && table.contains(figure.table))
                .map(Figure::text)
                .findFirst();
    }
}
