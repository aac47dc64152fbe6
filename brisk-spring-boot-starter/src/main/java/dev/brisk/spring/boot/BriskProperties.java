package dev.brisk.spring.boot;

import dev.brisk.transport.Transport;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Brisk-specific settings of a Spring Boot application, under {@code brisk.*}. Port, address, TLS, HTTP/2, server
 * header, request header size and shutdown come from Boot's own {@code server.*} properties; everything here is what
 * Boot has no property for. Unset values keep Brisk's defaults.
 */
@ConfigurationProperties("brisk")
public class BriskProperties {

    /**
     * Whether the server opens its port. False builds the request pipeline without a socket, for tests that drive it
     * in process (what a mock web environment of @SpringBootTest does).
     */
    private boolean listen = true;

    /** Event loop threads; default the number of available processors. */
    private Integer ioThreads;

    /** Socket transport: AUTO (epoll, else kqueue, else NIO), IO_URING, EPOLL, KQUEUE or NIO. */
    private Transport transport = Transport.AUTO;

    /** Accept queue length. */
    private Integer backlog;

    /** Connections accepted at once; more are closed on accept. */
    private Integer maxConnections;

    /** Requests served on one HTTP/1.1 connection before it is closed; default unlimited. */
    private Integer maxKeepAliveRequests;

    /** A connection with no request in progress and no traffic for this long is closed. */
    private Duration idleTimeout;

    /** How long a graceful shutdown keeps serving as usual, readiness already DOWN (OUT_OF_SERVICE), before it stops accepting connections: time for load balancers to stop sending traffic. Counts within spring.lifecycle.timeout-per-shutdown-phase. Default 0. */
    private Duration shutdownDelay;

    /** A request head must arrive whole within this time (slowloris protection); a partial head gets 408. */
    private Duration headerReadTimeout;

    /** Longest wait for the next bytes of a request body once it started. */
    private Duration bodyReadTimeout;

    /** A response that makes no progress for this long, because the peer does not read, is given up. */
    private Duration writeTimeout;

    /** TLS handshake and protocol detection must be done within this time of accepting a connection. */
    private Duration handshakeTimeout;

    /** Slowest average rate, in bytes per second, at which a request body may arrive; 0 for no minimum. */
    private Long minBodyDataRate;

    /** Prefix of every route, e.g. /api; default server.servlet.context-path when set, else none. */
    private String contextPath;

    /**
     * Scheduler of programmatic routes (Route beans) that name none: io (the event loop, the default), worker (the worker
     * pool), virtual or a custom one.
     */
    private String defaultScheduler;

    /**
     * Scheduler of controller handlers without @RunOn: worker (the worker pool, the default: controller code may block),
     * virtual (Java 21+), io (the event loop, for controllers that never block) or a custom one.
     */
    private String controllerScheduler;

    /** Query parameter that overrides the Accept header, e.g. ?format=json. */
    private String formatParameter;

    /**
     * Bytes of Server-Sent Events (SseEmitter) a stream may hold for a client that reads slower than they are sent;
     * beyond that the client is dropped instead of queueing without limit (default 1MB).
     */
    private DataSize sseMaxPending;

    private final Worker worker = new Worker();

    private final Virtual virtual = new Virtual();

    private final Limits limits = new Limits();

    private final Http2 http2 = new Http2();

    private final Metrics metrics = new Metrics();

    private final Multipart multipart = new Multipart();

    private final Collapse collapse = new Collapse();

    public boolean isListen() {
        return listen;
    }

    public void setListen(boolean listen) {
        this.listen = listen;
    }

    public Integer getIoThreads() {
        return ioThreads;
    }

    public void setIoThreads(Integer ioThreads) {
        this.ioThreads = ioThreads;
    }

    public Transport getTransport() {
        return transport;
    }

    public void setTransport(Transport transport) {
        this.transport = transport;
    }

    public Integer getBacklog() {
        return backlog;
    }

    public void setBacklog(Integer backlog) {
        this.backlog = backlog;
    }

    public Integer getMaxConnections() {
        return maxConnections;
    }

    public void setMaxConnections(Integer maxConnections) {
        this.maxConnections = maxConnections;
    }

    public Integer getMaxKeepAliveRequests() {
        return maxKeepAliveRequests;
    }

    public void setMaxKeepAliveRequests(Integer maxKeepAliveRequests) {
        this.maxKeepAliveRequests = maxKeepAliveRequests;
    }

    public Duration getShutdownDelay() {
        return shutdownDelay;
    }

    public void setShutdownDelay(Duration shutdownDelay) {
        this.shutdownDelay = shutdownDelay;
    }

    public Duration getIdleTimeout() {
        return idleTimeout;
    }

    public void setIdleTimeout(Duration idleTimeout) {
        this.idleTimeout = idleTimeout;
    }

    public Duration getHeaderReadTimeout() {
        return headerReadTimeout;
    }

    public void setHeaderReadTimeout(Duration headerReadTimeout) {
        this.headerReadTimeout = headerReadTimeout;
    }

    public Duration getBodyReadTimeout() {
        return bodyReadTimeout;
    }

    public void setBodyReadTimeout(Duration bodyReadTimeout) {
        this.bodyReadTimeout = bodyReadTimeout;
    }

    public Duration getWriteTimeout() {
        return writeTimeout;
    }

    public void setWriteTimeout(Duration writeTimeout) {
        this.writeTimeout = writeTimeout;
    }

    public Duration getHandshakeTimeout() {
        return handshakeTimeout;
    }

    public void setHandshakeTimeout(Duration handshakeTimeout) {
        this.handshakeTimeout = handshakeTimeout;
    }

    public Long getMinBodyDataRate() {
        return minBodyDataRate;
    }

    public void setMinBodyDataRate(Long minBodyDataRate) {
        this.minBodyDataRate = minBodyDataRate;
    }

    public String getContextPath() {
        return contextPath;
    }

    public void setContextPath(String contextPath) {
        this.contextPath = contextPath;
    }

    public String getDefaultScheduler() {
        return defaultScheduler;
    }

    public void setDefaultScheduler(String defaultScheduler) {
        this.defaultScheduler = defaultScheduler;
    }

    public String getControllerScheduler() {
        return controllerScheduler;
    }

    public void setControllerScheduler(String controllerScheduler) {
        this.controllerScheduler = controllerScheduler;
    }

    public String getFormatParameter() {
        return formatParameter;
    }

    public void setFormatParameter(String formatParameter) {
        this.formatParameter = formatParameter;
    }

    public DataSize getSseMaxPending() {
        return sseMaxPending;
    }

    public void setSseMaxPending(DataSize sseMaxPending) {
        this.sseMaxPending = sseMaxPending;
    }

    public Worker getWorker() {
        return worker;
    }

    public Virtual getVirtual() {
        return virtual;
    }

    public Limits getLimits() {
        return limits;
    }

    public Http2 getHttp2() {
        return http2;
    }

    public Metrics getMetrics() {
        return metrics;
    }

    public Multipart getMultipart() {
        return multipart;
    }

    public Collapse getCollapse() {
        return collapse;
    }

    /** The worker pool: bounded threads and a bounded queue; a full queue or a long wait answers 503. */
    public static class Worker {

        /** Worker threads; default twice the processors, at least 8. Resizable at run time (actuator 'brisk'). */
        private Integer threads;

        /** Requests waiting for a worker before 503. */
        private Integer queueSize;

        /** How long a request may wait for a worker before 503. */
        private Duration maxQueueTime;

        public Integer getThreads() {
            return threads;
        }

        public void setThreads(Integer threads) {
            this.threads = threads;
        }

        public Integer getQueueSize() {
            return queueSize;
        }

        public void setQueueSize(Integer queueSize) {
            this.queueSize = queueSize;
        }

        public Duration getMaxQueueTime() {
            return maxQueueTime;
        }

        public void setMaxQueueTime(Duration maxQueueTime) {
            this.maxQueueTime = maxQueueTime;
        }
    }

    /** The virtual-thread scheduler (Java 21+). */
    public static class Virtual {

        /** Requests on virtual threads at once before 503. */
        private Integer maxConcurrency;

        public Integer getMaxConcurrency() {
            return maxConcurrency;
        }

        public void setMaxConcurrency(Integer maxConcurrency) {
            this.maxConcurrency = maxConcurrency;
        }
    }

    /** Size limits enforced while parsing requests (server.max-http-request-header-size sets the header block). */
    public static class Limits {

        /** Longest request line; longer gets 414. */
        private Integer maxInitialLineLength;

        /** Largest request body; larger gets 413. */
        private DataSize maxBodySize;

        /** Requests read ahead of their responses on one HTTP/1.1 connection before reading pauses. */
        private Integer maxPipelinedRequests;

        /** Bytes one connection may hold in bodies and responses in waiting before it stops taking requests. */
        private DataSize maxConnectionBuffer;

        public Integer getMaxInitialLineLength() {
            return maxInitialLineLength;
        }

        public void setMaxInitialLineLength(Integer maxInitialLineLength) {
            this.maxInitialLineLength = maxInitialLineLength;
        }

        public DataSize getMaxBodySize() {
            return maxBodySize;
        }

        public void setMaxBodySize(DataSize maxBodySize) {
            this.maxBodySize = maxBodySize;
        }

        public Integer getMaxPipelinedRequests() {
            return maxPipelinedRequests;
        }

        public void setMaxPipelinedRequests(Integer maxPipelinedRequests) {
            this.maxPipelinedRequests = maxPipelinedRequests;
        }

        public DataSize getMaxConnectionBuffer() {
            return maxConnectionBuffer;
        }

        public void setMaxConnectionBuffer(DataSize maxConnectionBuffer) {
            this.maxConnectionBuffer = maxConnectionBuffer;
        }
    }

    /** HTTP/2 settings (server.http2.enabled switches HTTP/2 on or off). */
    public static class Http2 {

        /** Whether h2c (cleartext HTTP/2, prior knowledge and Upgrade) is accepted on a port without TLS. */
        private Boolean cleartext;

        /** SETTINGS_MAX_CONCURRENT_STREAMS. */
        private Long maxConcurrentStreams;

        /** SETTINGS_INITIAL_WINDOW_SIZE of each stream, in bytes. */
        private Integer initialWindowSize;

        /** SETTINGS_MAX_FRAME_SIZE, 16384 to 16777215. */
        private Integer maxFrameSize;

        public Boolean getCleartext() {
            return cleartext;
        }

        public void setCleartext(Boolean cleartext) {
            this.cleartext = cleartext;
        }

        public Long getMaxConcurrentStreams() {
            return maxConcurrentStreams;
        }

        public void setMaxConcurrentStreams(Long maxConcurrentStreams) {
            this.maxConcurrentStreams = maxConcurrentStreams;
        }

        public Integer getInitialWindowSize() {
            return initialWindowSize;
        }

        public void setInitialWindowSize(Integer initialWindowSize) {
            this.initialWindowSize = initialWindowSize;
        }

        public Integer getMaxFrameSize() {
            return maxFrameSize;
        }

        public void setMaxFrameSize(Integer maxFrameSize) {
            this.maxFrameSize = maxFrameSize;
        }
    }

    /** Micrometer meters of the server, when Micrometer is present. */
    public static class Metrics {

        /**
         * Whether requests are timed per route (http.server.requests) and the server's pools and connections are
         * measured.
         */
        private boolean enabled = true;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
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

        /** Collapsing in the application's BriskClients, with brisk-client on the class path. */
        public static class Client {

            /**
             * Whether a CollapsingInterceptor bean (same key headers and limits as above) is offered for the
             * application's BriskClients: BriskClient.builder().interceptor(collapsing).
             */
            private boolean enabled = true;

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
        }
    }
}
