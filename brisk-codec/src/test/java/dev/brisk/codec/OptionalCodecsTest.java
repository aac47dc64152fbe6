package dev.brisk.codec;

import com.google.protobuf.StringValue;
import com.google.protobuf.Timestamp;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Protobuf (in the defaults when protobuf-java is present) and Gson (on request). */
class OptionalCodecsTest {

    public record Point(int x, int y) {
    }

    @Test
    void protobufMessagesRoundTripAndJoinTheDefaults() {
        Codecs codecs = Codecs.defaults();
        assertThat(codecs.producible(Timestamp.class)).contains(MediaType.APPLICATION_PROTOBUF);
        BodyCodec codec = codecs.encoder(Timestamp.class, MediaType.APPLICATION_PROTOBUF).orElseThrow();
        assertThat(codec).isInstanceOf(ProtobufCodec.class);
        Timestamp value = Timestamp.newBuilder().setSeconds(1_700_000_000L).setNanos(42).build();
        ByteBuf encoded = codec.encode(value, MediaType.APPLICATION_PROTOBUF, ByteBufAllocator.DEFAULT);
        try {
            assertThat(encoded.readableBytes()).isEqualTo(value.getSerializedSize());
            Object decoded = codecs.decoder(Timestamp.class, MediaType.APPLICATION_PROTOBUF).orElseThrow()
                    .decode(encoded, Timestamp.class, MediaType.APPLICATION_PROTOBUF);
            assertThat(decoded).isEqualTo(value);
        } finally {
            encoded.release();
        }
        assertThat(codecs.encoder(StringValue.class, MediaType.APPLICATION_JSON)).get()
                .isInstanceOf(JacksonJsonCodec.class);
    }

    @Test
    void malformedProtobufIsADecodingError() {
        ByteBuf garbage = Unpooled.wrappedBuffer(new byte[] {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF});
        assertThatThrownBy(() -> new ProtobufCodec().decode(garbage, Timestamp.class, MediaType.APPLICATION_PROTOBUF))
                .isInstanceOfSatisfying(CodecException.class, e -> assertThat(e.decoding()).isTrue());
        garbage.release();
    }

    @Test
    void gsonReplacesJackson() {
        Codecs codecs = Codecs.builder().json(new GsonCodec()).build();
        BodyCodec json = codecs.encoder(Point.class, MediaType.APPLICATION_JSON).orElseThrow();
        assertThat(json).isInstanceOf(GsonCodec.class);
        ByteBuf encoded = json.encode(Map.of("x", 1), MediaType.APPLICATION_JSON, ByteBufAllocator.DEFAULT);
        assertThat(encoded.toString(StandardCharsets.UTF_8)).isEqualTo("{\"x\":1}");
        encoded.release();
        ByteBuf body = Unpooled.copiedBuffer("[1,2,3]", StandardCharsets.UTF_8);
        assertThat(json.decode(body, List.class, MediaType.APPLICATION_JSON)).isEqualTo(List.of(1.0, 2.0, 3.0));
        body.release();
        ByteBuf bad = Unpooled.copiedBuffer("[1,", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> json.decode(bad, Point.class, MediaType.APPLICATION_JSON))
                .isInstanceOf(CodecException.class);
        bad.release();
    }
}
