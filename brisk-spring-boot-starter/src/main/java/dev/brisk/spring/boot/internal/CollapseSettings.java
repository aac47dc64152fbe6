package dev.brisk.spring.boot.internal;

import dev.brisk.collapse.CollapseMetrics;
import dev.brisk.collapse.HttpCollapseOptions;
import dev.brisk.collapse.SingleFlightOptions;
import dev.brisk.collapse.rest.RouteCollapsing;
import dev.brisk.spring.boot.BriskProperties;
import org.springframework.util.unit.DataSize;

import java.time.Duration;
import java.util.List;

/**
 * The {@link RouteCollapsing} of a Boot application, from {@code brisk.collapse.*}. Unset values keep
 * brisk-collapse's defaults; a value out of range fails start-up with a message naming the property and the value.
 */
public final class CollapseSettings {

    private static final String PREFIX = "brisk.collapse.";

    private CollapseSettings() {
    }

    /** The server's collapser: {@code brisk.collapse.*} with the routes it lists. */
    public static RouteCollapsing routeCollapsing(BriskProperties.Collapse collapse, CollapseMetrics metrics) {
        HttpCollapseOptions options = options(collapse, metrics);
        List<String> routes = collapse.getRoutes();
        for (String route : routes) {
            if (route == null || !route.startsWith("/")) {
                throw new IllegalStateException(PREFIX + "routes must hold path templates starting with '/': '"
                        + route + "'");
            }
        }
        return RouteCollapsing.builder().options(options).routes(routes.toArray(new String[0])).build();
    }

    /**
     * The client collapsers' key headers and limits, from {@code brisk.collapse.*}, and their timeout,
     * {@code brisk.collapse.client.timeout}: the same for BriskClient's and Spring's clients.
     */
    public static HttpCollapseOptions clientOptions(BriskProperties.Collapse collapse, CollapseMetrics metrics) {
        return options(collapse, "client.timeout", collapse.getClient().getTimeout(), metrics);
    }

    /** The server's collapser's key headers, timeout and limits, from {@code brisk.collapse.*}. */
    static HttpCollapseOptions options(BriskProperties.Collapse collapse, CollapseMetrics metrics) {
        return options(collapse, "timeout", collapse.getTimeout(), metrics);
    }

    /**
     * Key headers, limits and {@code timeout} (named {@code brisk.collapse.<property>}) from {@code brisk.collapse.*},
     * for the server's and the client's collapser.
     */
    static HttpCollapseOptions options(BriskProperties.Collapse collapse, String property, Duration timeout,
                                       CollapseMetrics metrics) {
        SingleFlightOptions.Builder flight = SingleFlightOptions.DEFAULT.toBuilder().metrics(metrics);
        if (timeout != null) {
            if (timeout.isNegative()) {
                throw new IllegalStateException(PREFIX + property + " must be 0 (no limit) or positive: "
                        + timeout);
            }
            flight.timeout(timeout);
        }
        Integer maxInFlight = collapse.getMaxInFlight();
        if (maxInFlight != null) {
            if (maxInFlight < 1) {
                throw new IllegalStateException(PREFIX + "max-in-flight must be at least 1: " + maxInFlight);
            }
            flight.maxInFlight(maxInFlight);
        }
        HttpCollapseOptions.Builder options = HttpCollapseOptions.DEFAULT.toBuilder().singleFlight(flight.build());
        if (collapse.getKeyHeaders() != null) {
            options.keyHeaders(headers("key-headers", collapse.getKeyHeaders()));
        }
        options.addKeyHeaders(headers("additional-key-headers", collapse.getAdditionalKeyHeaders()));
        DataSize maxResponseSize = collapse.getMaxResponseSize();
        if (maxResponseSize != null) {
            if (maxResponseSize.isNegative() || maxResponseSize.toBytes() > Integer.MAX_VALUE) {
                throw new IllegalStateException(PREFIX + "max-response-size must be between 0B and "
                        + Integer.MAX_VALUE + "B: " + maxResponseSize);
            }
            options.maxResponseSize((int) maxResponseSize.toBytes());
        }
        return options.build();
    }

    /** Header names, checked here so that the message names the property. */
    private static String[] headers(String property, List<String> names) {
        for (String name : names) {
            try {
                HttpCollapseOptions.builder().keyHeaders(name).build();
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException(PREFIX + property + " must hold header names (tokens): '" + name
                        + "'");
            }
        }
        return names.toArray(new String[0]);
    }
}
