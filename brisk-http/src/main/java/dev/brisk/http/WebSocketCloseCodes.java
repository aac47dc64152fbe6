package dev.brisk.http;

/** The WebSocket close status codes of RFC 6455, section 7.4.1, that the server sends or reports. */
public final class WebSocketCloseCodes {

    /** 1000: the purpose of the connection has been fulfilled. */
    public static final int NORMAL = 1000;
    /** 1001: the server is going down (shutdown) or the connection idled out. */
    public static final int GOING_AWAY = 1001;
    /** 1002: the peer broke the protocol (e.g. an unmasked client frame). */
    public static final int PROTOCOL_ERROR = 1002;
    /** 1003: a message type the endpoint cannot accept. */
    public static final int UNSUPPORTED_DATA = 1003;
    /** 1005: reported when a close frame carried no status; never sent. */
    public static final int NO_STATUS = 1005;
    /** 1006: reported when the connection was lost without a close frame; never sent. */
    public static final int ABNORMAL = 1006;
    /** 1007: a text message was not valid UTF-8. */
    public static final int INVALID_PAYLOAD = 1007;
    /** 1008: a message violated the endpoint's policy. */
    public static final int POLICY_VIOLATION = 1008;
    /** 1009: a frame or message was larger than the limits. */
    public static final int MESSAGE_TOO_BIG = 1009;
    /** 1011: the endpoint failed while handling a message. */
    public static final int INTERNAL_ERROR = 1011;

    private WebSocketCloseCodes() {
    }
}
