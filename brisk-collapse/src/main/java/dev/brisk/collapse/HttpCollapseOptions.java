package dev.brisk.collapse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Settings of HTTP request collapsing, in the brisk-client interceptor ({@code dev.brisk.collapse.client}), on
 * brisk-rest routes ({@code dev.brisk.collapse.rest}) and in Spring's clients ({@code dev.brisk.collapse.spring}). Two requests share one call only when their key is equal:
 * method, scheme, host, port, path, the whole query, and the values of every header in {@code keyHeaders}.
 *
 * @param keyHeaders      header names (case-insensitive) whose values are part of the key; default
 *                        {@code Authorization}, {@code Cookie}, {@code Proxy-Authorization}, {@code Accept},
 *                        {@code Accept-Encoding}, {@code Accept-Language}. Keep every header that identifies the user
 *                        or changes the response in it: requests that differ only in a header left out get the same
 *                        response. The {@link #CONDITIONAL_HEADERS} are in the key in any case
 * @param singleFlight    timeout, in-flight limit and metrics of the calls (result reuse should stay off for HTTP)
 * @param maxResponseSize the largest response body (in bytes) held in memory for sharing; default 16 MiB. On the
 *                        server a larger one fails the call with 500 for every caller; in RestClient and RestTemplate
 *                        it goes whole to the caller that sent the request, and the others send their own; in
 *                        WebClient it fails the exchange for its callers. The brisk-client interceptor keeps the
 *                        client's own limit
 */
public record HttpCollapseOptions(List<String> keyHeaders, SingleFlightOptions singleFlight, int maxResponseSize) {

    /** The headers in the key unless told otherwise. */
    public static final List<String> DEFAULT_KEY_HEADERS = List.of("authorization", "cookie", "proxy-authorization",
            "accept", "accept-encoding", "accept-language");

    /**
     * The conditional and range headers (RFC 9110, 13.1 and 14.2), always part of the key whatever
     * {@code keyHeaders} says: they decide between a full response, a {@code 304 Not Modified}, a {@code 412} and a
     * {@code 206}, so a request without them must never get the answer to a request with them.
     */
    public static final List<String> CONDITIONAL_HEADERS = List.of("if-match", "if-none-match", "if-modified-since",
            "if-unmodified-since", "if-range", "range");

    /** Every default. */
    public static final HttpCollapseOptions DEFAULT = builder().build();

    /** Validates every component (header names must be tokens) and stores the names in lower case. */
    public HttpCollapseOptions {
        Objects.requireNonNull(keyHeaders, "keyHeaders");
        List<String> names = new ArrayList<>(keyHeaders.size());
        for (String name : keyHeaders) {
            if (name == null || name.isEmpty() || !name.chars().allMatch(HttpCollapseOptions::isTokenChar)) {
                throw new IllegalArgumentException("keyHeaders must hold header names: '" + name + "'");
            }
            String lower = name.toLowerCase(Locale.ROOT);
            if (!names.contains(lower)) {
                names.add(lower);
            }
        }
        keyHeaders = List.copyOf(names);
        Objects.requireNonNull(singleFlight, "singleFlight");
        Checks.atLeast(maxResponseSize, 0, "maxResponseSize");
    }

    private static boolean isTokenChar(int c) {
        return c > 32 && c < 127 && "\"(),/:;<=>?@[\\]{}".indexOf(c) < 0;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these settings, to change some. */
    public Builder toBuilder() {
        return new Builder().keyHeaders(keyHeaders.toArray(new String[0])).singleFlight(singleFlight)
                .maxResponseSize(maxResponseSize);
    }

    /** Builds {@link HttpCollapseOptions}. */
    public static final class Builder {
        private final List<String> keyHeaders = new ArrayList<>(DEFAULT_KEY_HEADERS);
        private SingleFlightOptions singleFlight = SingleFlightOptions.DEFAULT;
        private int maxResponseSize = 16 * 1024 * 1024;

        private Builder() {
        }

        /** Replaces the key headers (the defaults included) with {@code names}. */
        public Builder keyHeaders(String... names) {
            keyHeaders.clear();
            keyHeaders.addAll(List.of(names));
            return this;
        }

        /** Adds {@code names} to the key headers, e.g. a tenant header. */
        public Builder addKeyHeaders(String... names) {
            keyHeaders.addAll(List.of(names));
            return this;
        }

        /** Timeout, in-flight limit and metrics of the shared calls. */
        public Builder singleFlight(SingleFlightOptions singleFlight) {
            this.singleFlight = Objects.requireNonNull(singleFlight, "singleFlight");
            return this;
        }

        /** The largest response body held in memory for sharing (server, Spring's clients); default 16 MiB. */
        public Builder maxResponseSize(int maxResponseSize) {
            this.maxResponseSize = Checks.atLeast(maxResponseSize, 0, "maxResponseSize");
            return this;
        }

        public HttpCollapseOptions build() {
            return new HttpCollapseOptions(keyHeaders, singleFlight, maxResponseSize);
        }
    }
}
