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

            private final RestClient restClient = new RestClient();

            private final RestTemplate restTemplate = new RestTemplate();

            private final WebClient webClient = new WebClient();

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

            public RestClient getRestClient() {
                return restClient;
            }

            public RestTemplate getRestTemplate() {
                return restTemplate;
            }

            public WebClient getWebClient() {
                return webClient;
            }

            /** The RestClient.Builder beans of Spring Boot. */
            public static class RestClient {

                /**
                 * Whether every RestClient.Builder bean gets the collapsing interceptor when it is made, before the
                 * application adds interceptors of its own (interceptors that add credentials must come before it:
                 * add it by hand then).
                 */
                private boolean enabled;

                public boolean isEnabled() {
                    return enabled;
                }

                public void setEnabled(boolean enabled) {
                    this.enabled = enabled;
                }
            }

            /** The RestTemplates built with Spring Boot's RestTemplateBuilder. */
            public static class RestTemplate {

                /**
                 * Whether every RestTemplate built with the RestTemplateBuilder bean gets the collapsing interceptor,
                 * after the interceptors it was built with.
                 */
                private boolean enabled;

                public boolean isEnabled() {
                    return enabled;
                }

                public void setEnabled(boolean enabled) {
                    this.enabled = enabled;
                }
            }

            /** The WebClient.Builder beans of Spring Boot. */
            public static class WebClient {

                /**
                 * Whether every WebClient.Builder bean gets the collapsing filter when it is made, before the
                 * application adds filters of its own (filters that add credentials must come before it: add it by
                 * hand then).
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
