package dev.brisk.http.internal;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.brisk.http.HttpServer;
import dev.brisk.http.ServerResponse;
import dev.brisk.http.common.HttpSyntax;
import dev.brisk.http.common.PathDecoder;
import dev.brisk.http.common.Protocol;
import dev.brisk.http.common.wire.ArrayHeaders;
import dev.brisk.http.testing.FuzzInputs;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpMethod;
import org.junit.jupiter.api.AfterAll;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fuzzes percent-decoding: {@link PathDecoder#decode(String)} on the input read as UTF-8, and the lazy path and query
 * decoding of a {@link dev.brisk.http.ServerRequest} whose request target is the input read as ISO-8859-1 (as both
 * HTTP/1.1 and HTTP/2 turn target bytes into a string).
 *
 * <p>Malformed escapes may throw {@link IllegalArgumentException}, nothing else may be thrown. Beyond that: text
 * without {@code %} comes back unchanged; text that the servers' own check
 * ({@link HttpSyntax#validPercentEncoding}) lets through decodes without an exception, to the same string as a
 * byte-level reference decoder; percent-encoding any string and decoding it gives the string back, {@code +}
 * included; the request's raw path and query put back together give the target, and a target the servers accept
 * has a decodable path and query.
 *
 * <p>Seeds: {@code src/test/resources/dev/brisk/http/internal/PathDecoderFuzzTestInputs/decode/}.
 */
class PathDecoderFuzzTest {

    private static final FuzzInputs INPUTS = new FuzzInputs("PathDecoderFuzzTest.decode",
            "percent-decoding of paths and queries throws only IllegalArgumentException, and only for escapes that"
                    + " the servers reject anyway; it inverts percent-encoding and keeps '+' in paths");

    private static final ServerContext SERVER = new ServerContext(
            HttpServer.builder().port(0).handler(request -> { }).options(), request -> { }, null);
    private static final EmbeddedChannel CHANNEL = new EmbeddedChannel();
    private static final ReadControl NO_READ_CONTROL = new ReadControl() {
        @Override
        public void pauseReading(AbstractServerRequest request) {
        }

        @Override
        public void resumeReading(AbstractServerRequest request) {
        }
    };

    @AfterAll
    static void record() {
        INPUTS.record();
        CHANNEL.finishAndReleaseAll();
    }

    @FuzzTest
    void decode(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        checkPathDecoder(text);
        checkRequest(new String(input, StandardCharsets.ISO_8859_1));
        INPUTS.passed();
    }

    private static void checkPathDecoder(String text) {
        String decoded = decodeOrNull(text);
        if (text.indexOf('%') < 0) {
            assertThat(decoded).as("decoding text without escapes").isEqualTo(text);
        }
        if (HttpSyntax.validPercentEncoding(text) && latin1(text)) {
            assertThat(decoded).as("decoding valid escapes in " + text).isNotNull();
            assertThat(decoded).as("decoding " + text).isEqualTo(referenceDecode(text));
        }
        assertThat(PathDecoder.decode(encodeAll(text))).as("decoding the fully encoded " + text).isEqualTo(text);
        assertThat(PathDecoder.decode(encodeForPath(text))).as("decoding the path-encoded " + text).isEqualTo(text);
    }

    private static void checkRequest(String target) {
        FuzzRequest request = new FuzzRequest(target);
        String rawPath = request.rawPath();
        String rawQuery = request.rawQuery();
        int q = target.indexOf('?');
        if (target.isEmpty() || target.charAt(0) == '/') {
            assertThat(q < 0 ? rawPath : rawPath + "?" + rawQuery).as("raw path and query of " + target)
                    .isEqualTo(target);
        }
        if (q < 0) {
            assertThat(rawQuery).isEmpty();
        }
        boolean accepted = HttpSyntax.validPercentEncoding(target);
        String path = null;
        try {
            path = request.path();
        } catch (IllegalArgumentException e) {
            assertThat(accepted).as("path() threw " + e.getMessage() + " for a target the servers accept").isFalse();
        }
        if (path != null && rawPath.indexOf('%') < 0) {
            assertThat(path).isEqualTo(rawPath);
        }
        Map<String, List<String>> params = null;
        try {
            params = request.queryParams();
        } catch (IllegalArgumentException e) {
            assertThat(accepted).as("queryParams() threw " + e.getMessage() + " for a target the servers accept")
                    .isFalse();
        }
        if (params != null) {
            for (Map.Entry<String, List<String>> entry : params.entrySet()) {
                assertThat(entry.getKey()).isNotNull();
                assertThat(entry.getValue()).isNotEmpty().doesNotContainNull();
                assertThat(request.query(entry.getKey())).contains(entry.getValue().get(0));
                assertThat(request.queryAll(entry.getKey())).isEqualTo(entry.getValue());
            }
            if (rawQuery.isEmpty()) {
                assertThat(params).isEmpty();
            }
        }
    }

    /** The decoded text, or null for an {@link IllegalArgumentException}; anything else propagates (a finding). */
    private static String decodeOrNull(String text) {
        try {
            return PathDecoder.decode(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static boolean latin1(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) > 0xFF) {
                return false;
            }
        }
        return true;
    }

    /** Every {@code %XX} becomes its byte, every other character its UTF-8 bytes; the bytes are read as UTF-8. */
    private static String referenceDecode(String text) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '%') {
                bytes.write(Character.digit(text.charAt(i + 1), 16) << 4 | Character.digit(text.charAt(i + 2), 16));
                i += 3;
            } else {
                int end = i + (Character.isHighSurrogate(c) && i + 1 < text.length() ? 2 : 1);
                bytes.writeBytes(text.substring(i, end).getBytes(StandardCharsets.UTF_8));
                i = end;
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** Percent-encodes every UTF-8 byte except the unreserved characters of RFC 3986. */
    private static String encodeAll(String text) {
        return encode(text, "-._~");
    }

    /** Percent-encodes what a path segment may not hold as it is; {@code +} and the other sub-delims stay. */
    private static String encodeForPath(String text) {
        return encode(text, "-._~!$&'()*+,;=:@");
    }

    private static String encode(String text, String keep) {
        StringBuilder sb = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xFF;
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || keep.indexOf(c) >= 0) {
                sb.append((char) c);
            } else {
                sb.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
            }
        }
        return sb.toString();
    }

    /** A request with nothing but a target, to reach the lazy path and query decoding of the server's requests. */
    private static final class FuzzRequest extends AbstractServerRequest {

        FuzzRequest(String uri) {
            super(SERVER, CHANNEL, NO_READ_CONTROL, HttpMethod.GET, uri, ArrayHeaders.EMPTY);
        }

        @Override
        public Protocol protocol() {
            return Protocol.HTTP_1_1;
        }

        @Override
        public long contentLength() {
            return -1;
        }

        @Override
        public ServerResponse response() {
            throw new UnsupportedOperationException("no response in this test");
        }
    }
}
