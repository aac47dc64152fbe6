package dev.brisk.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

class CodecsTest {

    public record User(long id, String name, List<String> roles) {
    }

    private final Codecs codecs = Codecs.defaults();
    private final ByteBufAllocator allocator = ByteBufAllocator.DEFAULT;

    @Test
    void jsonRoundTripThroughDirectAndHeapBuffers() {
        BodyCodec json = codecs.encoder(User.class, MediaType.APPLICATION_JSON).orElseThrow();
        ByteBuf encoded = json.encode(new User(7, "Ada", List.of("admin")), MediaType.APPLICATION_JSON, allocator);
        try {
            assertThat(encoded.toString(StandardCharsets.UTF_8))
                    .isEqualTo("{\"id\":7,\"name\":\"Ada\",\"roles\":[\"admin\"]}");
            Object decoded = codecs.decoder(User.class, MediaType.APPLICATION_JSON).orElseThrow()
                    .decode(encoded, User.class, MediaType.APPLICATION_JSON);
            assertThat(decoded).isEqualTo(new User(7, "Ada", List.of("admin")));
            ByteBuf heap = Unpooled.copiedBuffer(encoded);
            assertThat(json.decode(heap, User.class, MediaType.APPLICATION_JSON)).isEqualTo(decoded);
            heap.release();
        } finally {
            encoded.release();
        }
    }

    @Test
    void bodiesCanBeDecodedFromStreams() {
        InputStream json = new ByteArrayInputStream(
                "{\"id\":1,\"name\":\"s\",\"roles\":[]}".getBytes(StandardCharsets.UTF_8));
        assertThat(codecs.decoder(User.class, MediaType.APPLICATION_JSON).orElseThrow()
                .decode(json, User.class, MediaType.APPLICATION_JSON)).isEqualTo(new User(1, "s", List.of()));
        InputStream text = new ByteArrayInputStream("x".repeat(20_000).getBytes(StandardCharsets.UTF_8));
        assertThat((String) codecs.decoder(String.class, MediaType.TEXT_PLAIN).orElseThrow()
                .decode(text, String.class, MediaType.TEXT_PLAIN)).hasSize(20_000);
    }

    @Test
    void theDefaultJsonMapperIsBuiltOnFirstUseOnceForAllThreads() throws Exception {
        JacksonJsonCodec json = new JacksonJsonCodec();
        int threads = 8;
        CyclicBarrier together = new CyclicBarrier(threads);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<String>> results = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                long id = i;
                results.add(pool.submit(() -> {
                    together.await();
                    ByteBuf encoded = json.encode(new User(id, "u" + id, List.of()), MediaType.APPLICATION_JSON,
                            allocator);
                    try {
                        return encoded.toString(StandardCharsets.UTF_8);
                    } finally {
                        encoded.release();
                    }
                }));
            }
            for (int i = 0; i < threads; i++) {
                assertThat(results.get(i).get(10, TimeUnit.SECONDS))
                        .isEqualTo("{\"id\":" + i + ",\"name\":\"u" + i + "\",\"roles\":[]}");
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(json.mapper()).isNotNull().isSameAs(json.mapper());
    }

    @Test
    void anApplicationMapperIsUsedAsGiven() {
        JsonMapper mapper = JsonMapper.builder()
                .enable(SerializationFeature.INDENT_OUTPUT).build();
        JacksonJsonCodec json = new JacksonJsonCodec(mapper);
        assertThat(json.mapper()).isSameAs(mapper);
        ByteBuf encoded = json.encode(Map.of("a", 1), MediaType.APPLICATION_JSON, allocator);
        try {
            assertThat(encoded.toString(StandardCharsets.UTF_8)).contains("\n");
        } finally {
            encoded.release();
        }
    }

    @Test
    void malformedJsonIsADecodingError() {
        ByteBuf body = Unpooled.copiedBuffer("{\"id\":", StandardCharsets.UTF_8);
        BodyCodec json = codecs.decoder(Map.class, MediaType.APPLICATION_JSON).orElseThrow();
        assertThatThrownBy(() -> json.decode(body, User.class, MediaType.APPLICATION_JSON))
                .isInstanceOfSatisfying(CodecException.class, e -> assertThat(e.decoding()).isTrue())
                .hasMessageContaining("malformed JSON");
        body.release();
    }

    @Test
    void chainOrderDecidesAndStringsAndBytesHaveTheirOwnCodecs() {
        assertThat(codecs.encoder(String.class, MediaType.TEXT_PLAIN)).get().isInstanceOf(TextCodec.class);
        assertThat(codecs.encoder(String.class, MediaType.APPLICATION_JSON)).get().isInstanceOf(JacksonJsonCodec.class);
        assertThat(codecs.encoder(byte[].class, MediaType.APPLICATION_OCTET_STREAM)).get()
                .isInstanceOf(BinaryCodec.class);
        assertThat(codecs.encoder(User.class, MediaType.TEXT_PLAIN)).isEmpty();
        assertThat(codecs.producible(User.class)).containsExactly(MediaType.APPLICATION_JSON);
        assertThat(codecs.producible(String.class)).startsWith(MediaType.TEXT_PLAIN);
    }

    @Test
    void textUsesTheCharsetOfTheMediaType() {
        MediaType latin1 = MediaType.parse("text/plain; charset=iso-8859-1");
        BodyCodec text = codecs.encoder(String.class, latin1).orElseThrow();
        ByteBuf encoded = text.encode("café", latin1, allocator);
        assertThat(encoded.readableBytes()).isEqualTo(4);
        assertThat(text.decode(encoded, String.class, latin1)).isEqualTo("café");
        encoded.release();
    }

    @Test
    void userCodecsComeFirst() {
        BodyCodec custom = new BodyCodec() {
            public List<MediaType> mediaTypes() {
                return List.of(MediaType.APPLICATION_JSON);
            }

            public boolean canDecode(Type type, MediaType mediaType) {
                return false;
            }

            public boolean canEncode(Class<?> type, MediaType mediaType) {
                return type == User.class;
            }

            public Object decode(ByteBuf body, Type type, MediaType mediaType) {
                throw new UnsupportedOperationException();
            }

            public ByteBuf encode(Object value, MediaType mediaType, ByteBufAllocator allocator) {
                return Unpooled.EMPTY_BUFFER;
            }
        };
        Codecs chain = Codecs.builder().add(custom).build();
        assertThat(chain.encoder(User.class, MediaType.APPLICATION_JSON)).containsSame(custom);
    }
}
