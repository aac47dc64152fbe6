package dev.brisk.http.internal.http1;

import dev.brisk.http.internal.HttpParseException;
import io.netty.handler.codec.http2.Http2Settings;

import java.util.Base64;

/** Decodes the {@code HTTP2-Settings} header of an h2c upgrade request (RFC 7540, section 3.2.1). */
final class H2cSettings {

    private H2cSettings() {
    }

    static Http2Settings decode(CharSequence value) throws HttpParseException {
        byte[] payload;
        try {
            payload = Base64.getUrlDecoder().decode(value.toString());
        } catch (IllegalArgumentException e) {
            throw new HttpParseException(400, "HTTP2-Settings is not base64url");
        }
        if (payload.length % 6 != 0) {
            throw new HttpParseException(400, "HTTP2-Settings has a partial setting");
        }
        Http2Settings settings = new Http2Settings();
        for (int i = 0; i < payload.length; i += 6) {
            char id = (char) ((payload[i] & 0xFF) << 8 | payload[i + 1] & 0xFF);
            long setting = (payload[i + 2] & 0xFFL) << 24 | (payload[i + 3] & 0xFFL) << 16
                    | (payload[i + 4] & 0xFFL) << 8 | payload[i + 5] & 0xFFL;
            try {
                settings.put(id, Long.valueOf(setting));
            } catch (IllegalArgumentException e) {
                throw new HttpParseException(400, "invalid HTTP2-Settings: " + e.getMessage());
            }
        }
        return settings;
    }
}
