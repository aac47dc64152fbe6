package dev.brisk.http.common;

/** An HTTP protocol version: the one a request arrived with on the server, a response came back with on the client. */
public enum Protocol {
    HTTP_1_0("HTTP/1.0"),
    HTTP_1_1("HTTP/1.1"),
    HTTP_2("HTTP/2.0"),
    HTTP_3("HTTP/3.0");

    private final String text;

    Protocol(String text) {
        this.text = text;
    }

    /** The version as written on the wire, e.g. {@code HTTP/1.1}. */
    public String text() {
        return text;
    }
}
