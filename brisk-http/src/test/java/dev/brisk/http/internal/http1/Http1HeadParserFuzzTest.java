package dev.brisk.http.internal.http1;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.brisk.http.common.HttpSyntax;
import dev.brisk.http.internal.HttpParseException;
import dev.brisk.http.testing.FuzzInputs;
import io.netty.handler.codec.http.HttpMethod;
import org.junit.jupiter.api.AfterAll;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Fuzzes the HTTP/1.1 request head parser ({@link Http1HeadParser#parse}). The input is cut like
 * {@link Http1Connection} cuts a head out of the socket bytes (leading empty lines skipped, up to and including the
 * first empty line); input without an empty line gets CRLF CRLF appended. The parser must return a head or throw
 * {@link HttpParseException} with one of its documented statuses; any other exception or a hang is a finding.
 *
 * <p>A parsed head must also satisfy what the rest of the server relies on (valid target, one Host on HTTP/1.1,
 * never both Content-Length and chunked, clean field names and values), must not depend on bytes past {@code len},
 * and must parse again, to the same head, from its own serialization.
 *
 * <p>Seeds: {@code src/test/resources/dev/brisk/http/internal/http1/Http1HeadParserFuzzTestInputs/parse/}.
 */
class Http1HeadParserFuzzTest {

    private static final FuzzInputs INPUTS = new FuzzInputs("Http1HeadParserFuzzTest.parse",
            "the HTTP/1.1 head parser returns a consistent head or a 4xx/5xx HttpParseException for any bytes,"
                    + " never another exception or a hang");

    /** The statuses {@link HttpParseException#status()} documents. */
    private static final Set<Integer> STATUSES = Set.of(400, 413, 414, 417, 431, 501, 505);

    @AfterAll
    static void record() {
        INPUTS.record();
    }

    @FuzzTest
    void parse(byte[] input) {
        byte[] head = head(input);
        Object outcome = outcome(head, head.length);

        // Bytes after len must not matter: the connection hands the parser an array of exactly the head, but the
        // parser's contract is len, and a scan past it would read the next request.
        byte[] padded = Arrays.copyOf(head, head.length + 8);
        Arrays.fill(padded, head.length, padded.length, (byte) '\n');
        assertThat(describe(outcome(padded, head.length))).as("outcome with bytes after len")
                .isEqualTo(describe(outcome));

        if (outcome instanceof Http1Head parsed) {
            checkHead(parsed);
            byte[] serialized = serialize(parsed);
            Object again = outcome(serialized, serialized.length);
            if (!(again instanceof Http1Head reparsed)) {
                throw new AssertionError("the serialized head does not parse again: " + describe(again) + "\n"
                        + new String(serialized, StandardCharsets.ISO_8859_1));
            }
            assertThat(describe(reparsed)).as("head parsed from its own serialization").isEqualTo(describe(parsed));
        } else {
            HttpParseException e = (HttpParseException) outcome;
            assertThat(STATUSES).as("status of " + e.getMessage()).contains(e.status());
            assertThat(e.getMessage()).isNotBlank();
        }
        INPUTS.passed();
    }

    /** The head as the connection would cut it out of {@code input}. */
    static byte[] head(byte[] input) {
        int start = 0;
        while (start < input.length && (input[start] == '\r' || input[start] == '\n')) {
            start++;
        }
        boolean firstLine = true;
        int lineStart = start;
        for (int i = start; i < input.length; i++) {
            if (input[i] != '\n') {
                continue;
            }
            int lineLength = i - lineStart;
            if (!firstLine && (lineLength == 0 || lineLength == 1 && input[i - 1] == '\r')) {
                return Arrays.copyOfRange(input, start, i + 1);
            }
            firstLine = false;
            lineStart = i + 1;
        }
        byte[] head = Arrays.copyOfRange(input, start, input.length + 4);
        head[head.length - 4] = '\r';
        head[head.length - 3] = '\n';
        head[head.length - 2] = '\r';
        head[head.length - 1] = '\n';
        return head;
    }

    /** The parsed head or the {@link HttpParseException}; any other throwable propagates (a finding). */
    private static Object outcome(byte[] bytes, int len) {
        try {
            return Http1HeadParser.parse(bytes, len);
        } catch (HttpParseException e) {
            return e;
        }
    }

    private static void checkHead(Http1Head head) {
        assertThat(head.method).isNotNull();
        String uri = head.uri;
        assertThat(uri).isNotEmpty();
        for (int i = 0; i < uri.length(); i++) {
            char c = uri.charAt(i);
            if (c <= 0x20 || c >= 0x7F) {
                fail("request target with character " + (int) c + ": " + uri);
            }
        }
        assertThat(HttpSyntax.validPercentEncoding(uri)).as("valid percent-encoding of " + uri).isTrue();
        String lower = uri.toLowerCase(Locale.ROOT);
        boolean form = uri.startsWith("/")
                || uri.equals("*") && head.method == HttpMethod.OPTIONS
                || head.method == HttpMethod.CONNECT && uri.indexOf('/') < 0 && uri.indexOf(':') > 0
                || lower.startsWith("http://") && uri.length() > 7 || lower.startsWith("https://");
        assertThat(form).as("target form of " + head.method + " " + uri).isTrue();

        assertThat(head.chunked && head.contentLength >= 0).as("both Content-Length and chunked").isFalse();
        assertThat(head.contentLength).isGreaterThanOrEqualTo(-1);
        int hosts = head.headers.all("host").size();
        if (head.http10) {
            assertThat(hosts).isLessThanOrEqualTo(1);
            assertThat(head.chunked).as("chunked on HTTP/1.0").isFalse();
            assertThat(head.expectContinue).as("100-continue on HTTP/1.0").isFalse();
        } else {
            assertThat(hosts).as("Host fields").isEqualTo(1);
        }
        if (!head.headers.all("content-length").isEmpty()) {
            assertThat(head.contentLength).as("Content-Length").isGreaterThanOrEqualTo(0);
        }
        if (!head.headers.all("transfer-encoding").isEmpty()) {
            assertThat(head.chunked).as("Transfer-Encoding accepted only as chunked").isTrue();
        }
        for (int i = 0; i < head.headers.size(); i++) {
            CharSequence name = head.headers.nameAt(i);
            CharSequence value = head.headers.valueAt(i);
            assertThat(name.length()).isPositive();
            for (int j = 0; j < name.length(); j++) {
                assertThat(HttpSyntax.isTchar(name.charAt(j))).as("token character in " + name).isTrue();
            }
            for (int j = 0; j < value.length(); j++) {
                assertThat(HttpSyntax.isFieldValueByte(value.charAt(j))).as("field value byte in " + value)
                        .isTrue();
            }
            if (value.length() > 0) {
                char first = value.charAt(0);
                char last = value.charAt(value.length() - 1);
                assertThat(first != ' ' && first != '\t' && last != ' ' && last != '\t')
                        .as("value trimmed: [" + value + "]").isTrue();
            }
        }
    }

    /** The head written back as a request head: request line, one line per field, empty line. */
    private static byte[] serialize(Http1Head head) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String line = head.method.name() + " " + head.uri + " " + (head.http10 ? "HTTP/1.0" : "HTTP/1.1") + "\r\n";
        out.writeBytes(line.getBytes(StandardCharsets.ISO_8859_1));
        for (int i = 0; i < head.headers.size(); i++) {
            out.writeBytes((head.headers.nameAt(i) + ": " + head.headers.valueAt(i) + "\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
        }
        out.writeBytes(new byte[] {'\r', '\n'});
        return out.toByteArray();
    }

    /** Everything the connection uses from an outcome, as text to compare. */
    private static String describe(Object outcome) {
        if (outcome instanceof HttpParseException e) {
            return "HttpParseException " + e.status() + " " + e.getMessage() + " notHttp=" + e.notHttp();
        }
        Http1Head head = (Http1Head) outcome;
        List<String> fields = new ArrayList<>();
        for (int i = 0; i < head.headers.size(); i++) {
            fields.add(head.headers.nameAt(i) + ": " + head.headers.valueAt(i));
        }
        return head.method + " " + head.uri + " http10=" + head.http10 + " contentLength=" + head.contentLength
                + " chunked=" + head.chunked + " close=" + head.connectionClose + " keepAlive="
                + head.connectionKeepAlive + " upgrade=" + head.connectionUpgrade + " expectContinue="
                + head.expectContinue + " h2c=" + head.upgradeH2c + " http2Settings=" + head.http2Settings + "/"
                + head.http2SettingsCount + " fields=" + fields;
    }
}
