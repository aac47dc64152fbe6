package dev.brisk.spring.boot;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What every Jakarta WebSocket {@code @ServerEndpoint} bean starts from, under {@code brisk.websocket.*} (used when
 * {@code dev.brisk:brisk-rest-websocket} is present). An endpoint's {@code @OnMessage(maxMessageSize)} and a session's
 * own {@code setMaxIdleTimeout} and buffer sizes apply on top. A {@code ServerEndpointDefaults} bean of the
 * application replaces these settings.
 */
@ConfigurationProperties("brisk.websocket")
public class BriskWebSocketProperties {

    /** Largest message, all its frames together; a larger one closes the connection with 1009. */
    private DataSize maxMessageSize = DataSize.ofMegabytes(1);

    /** A connection that receives nothing, not even a pong, for this long is closed with 1001; 0 for never. */
    private Duration idleTimeout = Duration.ofSeconds(60);

    /** After this long without receiving anything the server pings, so a live client stays open; 0 for never. */
    private Duration pingInterval = Duration.ofSeconds(30);

    /** How long to wait for the client's close frame after sending the server's. */
    private Duration closeTimeout = Duration.ofSeconds(5);

    /** Bytes accepted by sends but not yet written to a connection; a send beyond it fails at once. */
    private DataSize maxQueued = DataSize.ofMegabytes(4);

    /**
     * Origins allowed to connect besides the server's own, e.g. https://example.com; others get 403. Empty: pages of
     * the server's own origin only (the Origin's host and port are the request's Host). "*" allows every origin,
     * dangerous when an endpoint trusts cookies. A client sending no Origin (not a browser) is always allowed.
     */
    private List<String> allowedOrigins = new ArrayList<>();

    /** Whether permessage-deflate (RFC 7692) is accepted when the client offers it. */
    private boolean perMessageDeflate;

    /** Deflate level, 0 to 9, when permessage-deflate is in use. */
    private int compressionLevel = 6;

    /** How long a getBasicRemote() send waits for a client that does not read before it fails and closes with 1001. */
    private Duration sendTimeout = Duration.ofSeconds(30);

    /** The initial send timeout of getAsyncRemote() sends; 0 for none. */
    private Duration asyncSendTimeout = Duration.ZERO;

    public DataSize getMaxMessageSize() {
        return maxMessageSize;
    }

    public void setMaxMessageSize(DataSize maxMessageSize) {
        this.maxMessageSize = maxMessageSize;
    }

    public Duration getIdleTimeout() {
        return idleTimeout;
    }

    public void setIdleTimeout(Duration idleTimeout) {
        this.idleTimeout = idleTimeout;
    }

    public Duration getPingInterval() {
        return pingInterval;
    }

    public void setPingInterval(Duration pingInterval) {
        this.pingInterval = pingInterval;
    }

    public Duration getCloseTimeout() {
        return closeTimeout;
    }

    public void setCloseTimeout(Duration closeTimeout) {
        this.closeTimeout = closeTimeout;
    }

    public DataSize getMaxQueued() {
        return maxQueued;
    }

    public void setMaxQueued(DataSize maxQueued) {
        this.maxQueued = maxQueued;
    }

    public List<String> getAllowedOrigins() {
        return allowedOrigins;
    }

    public void setAllowedOrigins(List<String> allowedOrigins) {
        this.allowedOrigins = allowedOrigins;
    }

    public boolean isPerMessageDeflate() {
        return perMessageDeflate;
    }

    public void setPerMessageDeflate(boolean perMessageDeflate) {
        this.perMessageDeflate = perMessageDeflate;
    }

    public int getCompressionLevel() {
        return compressionLevel;
    }

    public void setCompressionLevel(int compressionLevel) {
        this.compressionLevel = compressionLevel;
    }

    public Duration getSendTimeout() {
        return sendTimeout;
    }

    public void setSendTimeout(Duration sendTimeout) {
        this.sendTimeout = sendTimeout;
    }

    public Duration getAsyncSendTimeout() {
        return asyncSendTimeout;
    }

    public void setAsyncSendTimeout(Duration asyncSendTimeout) {
        this.asyncSendTimeout = asyncSendTimeout;
    }
}
