package dev.brisk.spring.boot;

import dev.brisk.http.ServerRequest;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.protect.ConcurrencyLimit;
import dev.brisk.rest.protect.ForwardedHeader;
import dev.brisk.rest.protect.IpFilter;
import dev.brisk.rest.protect.LoadShedding;
import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * {@code brisk.protection.*}: Brisk's protection of the server (concurrency limit, load shedding, request timeout, IP
 * filter, new-connection rate). Everything is off unless set. Route-level limits and timeouts are annotations on the
 * controllers ({@code @MaxConcurrency}, {@code @RequestTimeout}).
 */
@ConfigurationProperties("brisk.protection")
public class BriskProtectionProperties {

    /** Requests in progress at once over the whole server; more get 503 with Retry-After at once. 0 for no limit. */
    private int concurrencyLimit;

    /** Whether the concurrency limit adapts to latency, between 1 and concurrency-limit, rather than staying fixed. */
    private boolean adaptive;

    /** Path prefixes the concurrency limit neither counts nor refuses: health probes must answer while busy. */
    private List<String> limitExemptPaths = new ArrayList<>(List.of("/actuator/health"));

    /** Timeout of every route without one of its own; a request past it gets 503 and its handler is cancelled. */
    private Duration requestTimeout;

    /** Retry-After of requests refused by the concurrency limit or load shedding, in whole seconds. */
    private Duration retryAfter = Duration.ofSeconds(1);

    /** CIDR ranges of proxies whose reports (forwarded-header) are believed when finding a client's address. */
    private List<String> trustedProxies = new ArrayList<>();

    /**
     * The header the trusted proxies write the client's address to, the only one read: X_FORWARDED_FOR (nginx,
     * HAProxy, cloud load balancers) or FORWARDED (RFC 7239, only when every trusted proxy writes it).
     */
    private ForwardedHeader forwardedHeader = ForwardedHeader.X_FORWARDED_FOR;

    /** CIDR ranges (IPv4, IPv6) a client must be in to be served, if any; others get 403. */
    private List<String> allow = new ArrayList<>();

    /** CIDR ranges (IPv4, IPv6) of clients refused with 403. */
    private List<String> deny = new ArrayList<>();

    /** New connections accepted per second; more are closed at accept. 0 for no limit. */
    private int maxConnectionRate;

    /** CPU load shedding. */
    private final Shedding loadShedding = new Shedding();

    /** {@code brisk.protection.load-shedding.*}. */
    public static class Shedding {

        /** Whether requests are shed while the process CPU load is high. */
        private boolean enabled;

        /** Process CPU load (0 to 1) above which requests start being shed. */
        private double threshold = LoadShedding.DEFAULT.threshold();

        /** Process CPU load at which every request is shed; the probability rises linearly up to it. */
        private double max = LoadShedding.DEFAULT.max();

        /** Path prefixes never shed, e.g. health checks. */
        private List<String> exemptPaths = new ArrayList<>(List.of("/actuator/health"));

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public double getThreshold() {
            return threshold;
        }

        public void setThreshold(double threshold) {
            this.threshold = threshold;
        }

        public double getMax() {
            return max;
        }

        public void setMax(double max) {
            this.max = max;
        }

        public List<String> getExemptPaths() {
            return exemptPaths;
        }

        public void setExemptPaths(List<String> exemptPaths) {
            this.exemptPaths = exemptPaths;
        }
    }

    /** Applies the settings to {@code server}; what is not set stays off. */
    public void applyTo(BriskServer.Builder server) {
        if (concurrencyLimit > 0) {
            server.protection(p -> p.concurrencyLimit(adaptive ? ConcurrencyLimit.adaptive(concurrencyLimit)
                    : ConcurrencyLimit.fixed(concurrencyLimit)));
            if (!limitExemptPaths.isEmpty()) {
                server.protection(p -> p.concurrencyLimitExempt(prefixes(limitExemptPaths)));
            }
        }
        if (requestTimeout != null) {
            server.protection(p -> p.requestTimeout(requestTimeout));
        }
        server.protection(p -> p.retryAfter(retryAfter));
        if (!trustedProxies.isEmpty()) {
            server.protection(p -> p.trustedProxies(trustedProxies.toArray(String[]::new)));
        }
        server.protection(p -> p.forwardedHeader(forwardedHeader));
        if (!allow.isEmpty() || !deny.isEmpty()) {
            server.protection(p -> p.ipFilter(IpFilter.builder().allow(allow.toArray(String[]::new))
                    .deny(deny.toArray(String[]::new)).build()));
        }
        if (maxConnectionRate > 0) {
            server.http(http -> http.options(o -> o.maxConnectionRate(maxConnectionRate)));
        }
        if (loadShedding.enabled) {
            server.protection(p -> p.loadShedding(LoadShedding.builder().threshold(loadShedding.threshold)
                    .max(loadShedding.max).exempt(prefixes(loadShedding.exemptPaths)).build()));
        }
    }

    /** Requests whose path starts with one of {@code paths}. */
    private static Predicate<ServerRequest> prefixes(List<String> paths) {
        String[] prefixes = paths.toArray(String[]::new);
        return request -> {
            String path = request.path();
            for (String prefix : prefixes) {
                if (path.startsWith(prefix)) {
                    return true;
                }
            }
            return false;
        };
    }

    public int getConcurrencyLimit() {
        return concurrencyLimit;
    }

    public void setConcurrencyLimit(int concurrencyLimit) {
        this.concurrencyLimit = concurrencyLimit;
    }

    public List<String> getLimitExemptPaths() {
        return limitExemptPaths;
    }

    public void setLimitExemptPaths(List<String> limitExemptPaths) {
        this.limitExemptPaths = limitExemptPaths;
    }

    public boolean isAdaptive() {
        return adaptive;
    }

    public void setAdaptive(boolean adaptive) {
        this.adaptive = adaptive;
    }

    public Duration getRequestTimeout() {
        return requestTimeout;
    }

    public void setRequestTimeout(Duration requestTimeout) {
        this.requestTimeout = requestTimeout;
    }

    public Duration getRetryAfter() {
        return retryAfter;
    }

    public void setRetryAfter(Duration retryAfter) {
        this.retryAfter = retryAfter;
    }

    public ForwardedHeader getForwardedHeader() {
        return forwardedHeader;
    }

    public void setForwardedHeader(ForwardedHeader forwardedHeader) {
        this.forwardedHeader = forwardedHeader;
    }

    public List<String> getTrustedProxies() {
        return trustedProxies;
    }

    public void setTrustedProxies(List<String> trustedProxies) {
        this.trustedProxies = trustedProxies;
    }

    public List<String> getAllow() {
        return allow;
    }

    public void setAllow(List<String> allow) {
        this.allow = allow;
    }

    public List<String> getDeny() {
        return deny;
    }

    public void setDeny(List<String> deny) {
        this.deny = deny;
    }

    public int getMaxConnectionRate() {
        return maxConnectionRate;
    }

    public void setMaxConnectionRate(int maxConnectionRate) {
        this.maxConnectionRate = maxConnectionRate;
    }

    public Shedding getLoadShedding() {
        return loadShedding;
    }
}
