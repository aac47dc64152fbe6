package dev.brisk.rpc.internal;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.brisk.http.testing.FuzzInputs;
import dev.brisk.rpc.RpcServerOptions;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.AfterAll;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fuzzes the server's side of the hello: {@link ServerConnection} behind a {@link FrameDecoder} on an
 * {@link EmbeddedChannel}, given a hello frame whose body is the input, and then the input as a stream of frames after
 * a valid hello.
 *
 * <p>The hello must come out as a reference reading of its body says: a body naming the server's serializer, or no
 * serializer at all, is answered with the server's table (which reads back) and the connection stays open; one naming
 * another serializer is answered with an error and the connection closes; one whose name does not fit in it closes
 * the connection unanswered. For the stream, whatever the server answers is a well-formed frame of a type the server
 * sends. In both, every buffer is released by the end and nothing escapes the channel.
 *
 * <p>Seeds: {@code src/test/resources/dev/brisk/rpc/internal/HelloFuzzTestInputs/hello/}, hello bodies and frames
 * written as the client writes them.
 */
class HelloFuzzTest {

    private static final FuzzInputs INPUTS = new FuzzInputs("HelloFuzzTest.hello",
            "the RPC server answers any hello body as the format says (table, serializer mismatch, or close) and any "
                    + "frames after it with well-formed frames, leaking nothing");
    private static final ServerContext CONTEXT = new ServerContext(RpcServerOptions.DEFAULT, List.of(),
            Serializers.named("fory"));

    private enum Outcome { TABLE, MISMATCH, CLOSED }

    @AfterAll
    static void record() {
        INPUTS.record();
    }

    @FuzzTest
    void hello(byte[] input) {
        helloBody(input);
        framesAfterHello(input);
        INPUTS.passed();
    }

    private static void helloBody(byte[] body) {
        EmbeddedChannel channel = channel();
        ByteBuf hello = frame(Frames.HELLO, 0, body);
        channel.writeInbound(hello);
        List<ByteBuf> answers = outbound(channel);
        try {
            Outcome expected = expected(body);
            switch (expected) {
                case TABLE -> {
                    assertThat(answers).hasSize(1);
                    ByteBuf answer = answers.get(0);
                    assertThat(answer.readInt()).isEqualTo(answer.readableBytes());
                    assertThat(answer.readByte()).isEqualTo(Frames.HELLO);
                    assertThat(answer.readInt()).isZero();
                    assertThat(Handshake.readTable(answer)).isEmpty();
                    assertThat(channel.isActive()).as("open after a hello").isTrue();
                }
                case MISMATCH -> {
                    assertThat(answers).hasSize(1);
                    ByteBuf answer = answers.get(0);
                    assertThat(answer.getByte(4)).isEqualTo(Frames.ERROR);
                    assertThat(channel.isActive()).as("closed after another serializer's hello").isFalse();
                }
                case CLOSED -> {
                    assertThat(answers).isEmpty();
                    assertThat(channel.isActive()).as("closed after a malformed hello").isFalse();
                }
            }
        } finally {
            answers.forEach(ByteBuf::release);
            channel.finishAndReleaseAll();
        }
        assertThat(hello.refCnt()).as("the hello frame is released").isZero();
    }

    private static void framesAfterHello(byte[] stream) {
        EmbeddedChannel channel = channel();
        ByteBuf hello = frame(Frames.HELLO, 0, new byte[] {0, 0, 0, 1});
        ByteBuf bytes = Unpooled.buffer(Math.max(1, stream.length)).writeBytes(stream);
        channel.writeInbound(hello);
        if (channel.isActive()) {
            channel.writeInbound(bytes);
        } else {
            bytes.release();
        }
        List<ByteBuf> answers = outbound(channel);
        try {
            for (ByteBuf answer : answers) {
                assertThat(answer.readableBytes()).isGreaterThanOrEqualTo(Frames.HEADER_SIZE);
                assertThat(answer.getInt(answer.readerIndex())).isEqualTo(answer.readableBytes() - 4);
                assertThat(Frames.type(answer.getByte(answer.readerIndex() + 4)))
                        .isIn((int) Frames.HELLO, (int) Frames.HEARTBEAT, (int) Frames.ERROR, (int) Frames.GOAWAY);
            }
        } finally {
            answers.forEach(ByteBuf::release);
            channel.finishAndReleaseAll();
        }
        assertThat(bytes.refCnt()).as("the bytes read are released").isZero();
    }

    private static EmbeddedChannel channel() {
        return new EmbeddedChannel(new FrameDecoder(RpcServerOptions.DEFAULT.maxFrameSize()),
                new ServerConnection(CONTEXT));
    }

    /** What the format says of a hello body: the version (4 bytes), then the serializer's name when there is one. */
    private static Outcome expected(byte[] body) {
        int rest = body.length - Math.min(4, body.length);
        if (rest < 4) {
            return Outcome.TABLE;
        }
        int length = (body[4] & 0xFF) << 24 | (body[5] & 0xFF) << 16 | (body[6] & 0xFF) << 8 | body[7] & 0xFF;
        if (length > rest - 4) {
            return Outcome.CLOSED;
        }
        if (length < 0) {
            return Outcome.MISMATCH;
        }
        String name = new String(body, 8, length, StandardCharsets.UTF_8);
        return name.equals("fory") ? Outcome.TABLE : Outcome.MISMATCH;
    }

    private static ByteBuf frame(byte type, int requestId, byte[] body) {
        ByteBuf frame = Unpooled.buffer(Frames.HEADER_SIZE + body.length);
        frame.writeInt(5 + body.length);
        frame.writeByte(type);
        frame.writeInt(requestId);
        frame.writeBytes(body);
        return frame;
    }

    private static List<ByteBuf> outbound(EmbeddedChannel channel) {
        List<ByteBuf> answers = new ArrayList<>();
        for (ByteBuf answer; (answer = channel.readOutbound()) != null; ) {
            answers.add(answer);
        }
        return answers;
    }
}
