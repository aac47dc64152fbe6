package dev.brisk.spring.boot;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Brisk settings of a Spring Boot application under {@code brisk.*} that are not options of a builder. The server's
 * options ({@code brisk.io-threads}, {@code brisk.idle-timeout}, {@code brisk.limits.*}, {@code brisk.http2.*},
 * {@code brisk.worker.*}...) are bound straight onto {@code ServerOptions.Builder}, {@code HttpLimits.Builder},
 * {@code Http2Options.Builder} and {@code BriskOptions.Builder}, each setter a property of its name; port, address,
 * TLS, HTTP/2 on or off, server header, request header size and shutdown come from Boot's own {@code server.*}
 * properties. Unset values keep Brisk's defaults.
 */
@ConfigurationProperties("brisk")
public class BriskProperties {

    /**
     * Whether the server opens its port. False builds the request pipeline without a socket, for tests that drive it
     * in process (what a mock web environment of @SpringBootTest does).
     */
    private boolean listen = true;

    /** Prefix of every route, e.g. /api; default server.servlet.context-path when set, else none. */
    private String contextPath;

    private final Multipart multipart = new Multipart();

    private final Collapse collapse = new Collapse();

    public boolean isListen() {
        return listen;
    }

    public void setListen(boolean listen) {
        this.listen = listen;
    }

    public String getContextPath() {
        return contextPath;
    }

    public void setContextPath(String contextPath) {
        this.contextPath = contextPath;
    }

    public Multipart getMultipart() {
        return multipart;
    }

    public Collapse getCollapse() {
        return collapse;
    }

    /**
     * Multipart limits Spring Boot has no property for; sizes, threshold and location come from
     * spring.servlet.multipart.*.
     */
    public static class Multipart {

        /** Most parts in one multipart/form-data body; more is answered 413. Default 128. */
        private Integer maxParts;

        /** Largest header block of one part; larger is answered 400. Default 8KB. */
        private DataSize maxPartHeaderSize;

        public Integer getMaxParts() {
            return maxParts;
        }

        public void setMaxParts(Integer maxParts) {
            this.maxParts = maxParts;
        }

        public DataSize getMaxPartHeaderSize() {
            return maxPartHeaderSize;
        }

        public void setMaxPartHeaderSize(DataSize maxPartHeaderSize) {
            this.maxPartHeaderSize = maxPartHeaderSize;
        }
    }

    /**
     * Request collapsing of GET routes, with brisk-collapse on the class path: concurrent identical requests of a
     * collapsed route run its handler once and each gets a copy of the response.
     */
    public static class Collapse {

        /**
         * Whether a RouteCollapsing interceptor is set up when brisk-collapse is present. It only acts on routes
         * annotated with @Collapse or listed in brisk.collapse.routes.
         */
        private boolean enabled = true;

        /**
         * Path templates of GET routes collapsed without @Collapse, as mapped (without the context path), e.g.
         * /quotes/{symbol}.
         */
        private List<String> routes = new ArrayList<>();

        /**
         * Headers whose values are part of the collapsing key, replacing the default list (Authorization, Cookie,
         * Proxy-Authorization, Accept, Accept-Encoding, Accept-Language). Requests that differ only in a header left
         * out share one response.
         */
        private List<String> keyHeaders;

        /** Headers added to the key headers, e.g. a tenant header. */
        private List<String> additionalKeyHeaders = new ArrayList<>();

        /**
         * How long a request waits for the shared handler run before it is answered 503; 0 for no limit. Default
         * 30s.
         */
        private Duration timeout;

        /**
         * Keys with a shared handler run in flight at once; a request for one more key is answered 503. Default
         * 65536.
         */
        private Integer maxInFlight;

        /**
         * Largest response body recorded for sharing; a larger one answers 500 to every request of the call. Default
         * 16MB.
         */
        private DataSize maxResponseSize;

        private final Client client = new Client();

        public Client getClient() {
            return client;
        }

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public List<String> getRoutes() {
            return routes;
        }

        public void setRoutes(List<String> routes) {
            this.routes = routes;
        }

        public List<String> getKeyHeaders() {
            return keyHeaders;
        }

        public void setKeyHeaders(List<String> keyHeaders) {
            this.keyHeaders = keyHeaders;
        }

        public List<String> getAdditionalKeyHeaders() {
            return additionalKeyHeaders;
        }

        public void setAdditionalKeyHeaders(List<String> additionalKeyHeaders) {
            this.additionalKeyHeaders = additionalKeyHeaders;
        }

        public Duration getTimeout() {
            return timeout;
        }

        public void setTimeout(Duration timeout) {
            this.timeout = timeout;
        }

        public Integer getMaxInFlight() {
            return maxInFlight;
        }

        public void setMaxInFlight(Integer maxInFlight) {
            this.maxInFlight = maxInFlight;
        }

        public DataSize getMaxResponseSize() {
            return maxResponseSize;
        }

        public void setMaxResponseSize(DataSize maxResponseSize) {
            this.maxResponseSize = maxResponseSize;
        }

        /**
         * Collapsing in the application's clients: BriskClient with brisk-client on the class path, RestClient and
         * RestTemplate with spring-web, WebClient with spring-webflux.
         */
        public static class Client {

            /**
             * Whether the client collapsers (same key headers and limits as above) are offered as beans: a
             * CollapsingInterceptor for BriskClients, a CollapsingRequestInterceptor for RestClient and RestTemplate,
             * a CollapsingExchangeFilter for WebClient.
             */
            private boolean enabled = true;

            /** RestClient.Builder beans: the CollapsingRequestInterceptor, with spring-boot-restclient. */
            private final Builders restClient = new Builders();

            /** RestTemplates of the RestTemplateBuilder bean: the CollapsingRequestInterceptor. */
            private final Builders restTemplate = new Builders();

            /** WebClient.Builder beans: the CollapsingExchangeFilter, with spring-boot-webclient. */
            private final Builders webClient = new Builders();

            /**
             * How long a request that joined another one's call waits for its response; 0 for no limit. The request
             * that went out waits under its own call timeout. Default 30s.
             */
            private Duration timeout;

            public boolean isEnabled() {
                return enabled;
            }

            public void setEnabled(boolean enabled) {
                this.enabled = enabled;
            }

            public Duration getTimeout() {
                return timeout;
            }

            public void setTimeout(Duration timeout) {
                this.timeout = timeout;
            }

            public Builders getRestClient() {
                return restClient;
            }

            public Builders getRestTemplate() {
                return restTemplate;
            }

            public Builders getWebClient() {
                return webClient;
            }

            /**
             * The collapser on the builders of one kind that Spring Boot makes: off unless asked, since it must come
             * after the interceptors and filters that add credentials.
             */
            public static class Builders {

                /**
                 * Whether every builder of this kind gets the collapser: a RestClient.Builder or WebClient.Builder
                 * bean when it is made (before the interceptors and filters the application adds to it: add it by hand
                 * when those add credentials), a RestTemplate built by the RestTemplateBuilder bean after the
                 * interceptors it was built with.
                 */
                private boolean enabled;

                public boolean isEnabled() {
                    return enabled;
                }

                public void setEnabled(boolean enabled) {
                    this.enabled = enabled;
                }
            }
        }
    }
}
