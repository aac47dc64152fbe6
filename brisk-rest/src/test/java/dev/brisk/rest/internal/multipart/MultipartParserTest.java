package dev.brisk.rest.internal.multipart;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.assertj.core.api.Assertions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The incremental multipart parser, fed whole bodies and the same bodies cut at every possible place. */
class MultipartParserTest {

    private record Received(String headers, String content) {
    }

    /** Collects what the parser reports. */
    private static final class Recorder implements MultipartParser.Listener {
        final List<Received> parts = new ArrayList<>();
        private PartHeaders headers;
        private final ByteArrayOutputStream content = new ByteArrayOutputStream();

        @Override
        public void partStarted(PartHeaders fields) {
            headers = fields;
            content.reset();
        }

        @Override
        public void partContent(ByteBuf data) {
            byte[] bytes = new byte[data.readableBytes()];
            data.getBytes(data.readerIndex(), bytes);
            content.writeBytes(bytes);
        }

        @Override
        public void partEnded() {
            parts.add(new Received(headers.toString(), content.toString(StandardCharsets.UTF_8)));
        }
    }

    private static final String BODY = "preamble to ignore\r\n"
            + "--XyZ\r\n"
            + "Content-Disposition: form-data; name=\"a\"\r\n"
            + "\r\n"
            + "first value\r\n"
            + "--XyZ  \r\n"
            + "Content-Disposition: form-data; name=\"f\"; filename=\"x.txt\"\r\n"
            + "Content-Type: text/plain\r\n"
            + "\r\n"
            + "line one--XyZ\r\n--XyX\r\n-- XyZ \r\n\r\n--Xy\r\nend\r\n"
            + "--XyZ\r\n"
            + "\r\n"
            + "no headers at all\r\n"
            + "--XyZ\r\n"
            + "Content-Disposition: form-data; name=\"empty\"\r\n"
            + "\r\n"
            + "\r\n"
            + "--XyZ--\r\n"
            + "epilogue to ignore --XyZ\r\n";

    private static List<Received> parse(String body, int... cuts) throws IOException {
        Recorder recorder = new Recorder();
        MultipartParser parser = new MultipartParser("XyZ", 1024, recorder);
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        int from = 0;
        try {
            for (int cut : cuts) {
                parser.feed(Unpooled.wrappedBuffer(bytes, from, cut - from));
                from = cut;
            }
            parser.feed(Unpooled.wrappedBuffer(bytes, from, bytes.length - from));
            parser.finish();
        } finally {
            parser.release();
        }
        return recorder.parts;
    }

    @Test
    void partsHeadersAndContentAreFoundAcrossEveryCut() throws IOException {
        List<Received> whole = parse(BODY);
        assertThat(whole).containsExactly(
                new Received("{Content-Disposition: form-data; name=\"a\"}", "first value"),
                new Received("{Content-Disposition: form-data; name=\"f\"; filename=\"x.txt\", Content-Type: "
                        + "text/plain}", "line one--XyZ\r\n--XyX\r\n-- XyZ \r\n\r\n--Xy\r\nend"),
                new Received("{}", "no headers at all"),
                new Received("{Content-Disposition: form-data; name=\"empty\"}", ""));
        int length = BODY.getBytes(StandardCharsets.UTF_8).length;
        for (int cut = 1; cut < length; cut++) {
            assertThat(parse(BODY, cut)).as("cut at " + cut).isEqualTo(whole);
        }
        int[] bytewise = new int[length - 1];
        for (int i = 0; i < bytewise.length; i++) {
            bytewise[i] = i + 1;
        }
        assertThat(parse(BODY, bytewise)).isEqualTo(whole);
        Random random = new Random(7);
        for (int run = 0; run < 200; run++) {
            int[] cuts = random.ints(5, 1, length).sorted().distinct().toArray();
            assertThat(parse(BODY, cuts)).isEqualTo(whole);
        }
    }

    @Test
    void aBodyWithoutPreambleStartsWithItsBoundary() throws IOException {
        assertThat(parse("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--XyZ--"))
                .extracting(Received::content).containsExactly("1");
    }

    @Test
    void malformedBodiesAreRefused() {
        assertThatThrownBy(() -> parse("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n"))
                .isInstanceOf(MultipartException.class).hasMessageContaining("ended before its closing boundary");
        assertThatThrownBy(() -> parse("no boundary anywhere"))
                .hasMessageContaining("no boundary found");
        assertThatThrownBy(() -> parse("--XyZ junk\r\n\r\n\r\n--XyZ--"))
                .hasMessageContaining("followed by something other than a line break");
        assertThatThrownBy(() -> parse("--XyZ\r\nno colon here\r\n\r\nx\r\n--XyZ--"))
                .hasMessageContaining("invalid part header line \"no colon here\"");
        assertThat(((MultipartException) Assertions.catchThrowable(() ->
                parse("--XyZ\r\nX-Big: " + "x".repeat(2000) + "\r\n\r\nx\r\n--XyZ--"))).status()).isEqualTo(400);
        assertThatThrownBy(() -> MultipartParser.checkBoundary("x".repeat(71))).hasMessageContaining("boundary");
    }

    @Test
    void contentDispositionsCarryEscapedAndEncodedNames() {
        assertThat(ContentDisposition.parse("form-data; name=\"file\"; filename=\"say \\\"hi\\\".txt\"", 1))
                .isEqualTo(new ContentDisposition("file", "say \"hi\".txt"));
        assertThat(ContentDisposition.parse("form-data; name=\"file\"; filename=\"say %22hi%22.txt\"", 1).filename())
                .isEqualTo("say \"hi\".txt");
        assertThat(ContentDisposition.parse("form-data; name=\"f\"; filename=\"C:\\docs\\a.txt\"", 1).filename())
                .isEqualTo("C:\\docs\\a.txt");
        assertThat(ContentDisposition.parse("form-data; name=\"f\"; filename=\"euro.txt\"; "
                + "filename*=UTF-8''%E2%82%AC%20rates.txt", 1).filename()).isEqualTo("€ rates.txt");
        assertThat(ContentDisposition.parse("FORM-DATA;name=plain;filename=", 1))
                .isEqualTo(new ContentDisposition("plain", ""));
        assertThat(ContentDisposition.parse("form-data; name=\"größe\"", 1).name()).isEqualTo("größe");
        assertThatThrownBy(() -> ContentDisposition.parse("attachment; name=\"x\"", 3))
                .hasMessageContaining("part 3 has Content-Disposition \"attachment\"");
        assertThatThrownBy(() -> ContentDisposition.parse("form-data; filename=\"x\"", 2))
                .hasMessageContaining("part 2 has no name");
        assertThatThrownBy(() -> ContentDisposition.parse("form-data; name=\"x", 1))
                .hasMessageContaining("unterminated quoted name");
        assertThatThrownBy(() -> ContentDisposition.parse("form-data; name=x; filename*=bogus''x", 1))
                .hasMessageContaining("unknown charset: bogus");
    }
}
