package dev.brisk.client;

import dev.brisk.codec.BodyCodec;
import dev.brisk.codec.Codecs;
import dev.brisk.codec.JacksonJsonCodec;
import dev.brisk.codec.MediaType;
import dev.brisk.http.HttpServer;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import static org.assertj.core.api.Assertions.assertThat;

/** Encode advice through real sockets: order, replacing the body before and after encoding, failures, retries. */
class EncodeAdviceTest extends ClientTestSupport {

    record Pet(String name, int age) {
    }

    /** Answers with what arrived: content type, trace and transform headers, and the body. */
    private HttpServer echoServer() {
        return server(request -> request.response().send(request.headers().get("content-type", "-")
                + "|" + request.headers().get("x-trace", "-") + "|" + request.headers().get("x-transform", "-")
                + "|" + request.bodyAsString()));
    }

    private static EncodeAdvice tag(String name, int order, List<String> log) {
        return new EncodeAdvice() {
            @Override
            public EncodedBody aroundEncode(EncodeContext context) {
                log.add("before " + name);
                context.headers().set("X-Trace", context.headers().get("X-Trace", "") + name);
                EncodedBody encoded = context.next();
                log.add("after " + name);
                return encoded;
            }

            @Override
            public int order() {
                return order;
            }
        };
    }

    private static byte[] reversed(byte[] bytes) {
        byte[] copy = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            copy[i] = bytes[bytes.length - 1 - i];
        }
        return copy;
    }

    private static ByteBuf buffer(String text) {
        return Unpooled.directBuffer().writeBytes(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void advicesRunInAscendingOrderAroundTheEncoder() {
        HttpServer server = echoServer();
        List<String> log = new CopyOnWriteArrayList<>();
        BriskClient client = client(clientBuilder().encodeAdvice(tag("b", 2, log)).encodeAdvice(tag("a", 1, log))
                .encodeAdvice(tag("c", 2, log)));

        assertThat(client.post(url(server, "/")).body("text").send().bodyAsString())
                .isEqualTo("text/plain; charset=utf-8|abc|-|text");
        assertThat(log).containsExactly("before a", "before b", "before c", "after c", "after b", "after a");
    }

    @Test
    void advicesRunAfterTheInterceptorsOnTheRequestTheyPassOn() {
        HttpServer server = echoServer();
        List<String> seen = new CopyOnWriteArrayList<>();
        BriskClient client = client(clientBuilder()
                .interceptor(chain -> chain.proceed(chain.request().withHeader("X-Trace", "i")))
                .encodeAdvice(context -> {
                    seen.add(context.request().headers().first("X-Trace").orElse(null));
                    return context.next();
                }));

        assertThat(client.post(url(server, "/")).body("x").send().bodyAsString()).isEqualTo(
                "text/plain; charset=utf-8|i|-|x");
        assertThat(seen).containsExactly("i");
    }

    @Test
    void replacingTheBodyObjectBeforeEncodingSendsTheReplacementAndReleasesTheOriginal() {
        HttpServer server = echoServer();
        ByteBuf original = buffer("original");
        BriskClient client = client(clientBuilder().encodeAdvice(context -> {
            assertThat(context.body()).isSameAs(original);
            assertThat(context.contentType()).isEqualTo("text/csv");
            context.body(new Pet("Rex", 3));
            context.contentType("application/json");
            return context.next();
        }));

        assertThat(client.post(url(server, "/")).contentType("text/csv").body(original).send().bodyAsString())
                .isEqualTo("application/json|-|-|{\"name\":\"Rex\",\"age\":3}");
        assertThat(original.refCnt()).isZero();
    }

    @Test
    void replacingTheEncodedBodySendsTheNewBytesAndHeaderAndReleasesTheEncodedOne() {
        HttpServer server = echoServer();
        RecordingJson json = new RecordingJson();
        List<String> lengths = new CopyOnWriteArrayList<>();
        BriskClient client = client(clientBuilder().options(o -> o.codecs(Codecs.builder().json(json).build()))
                .encodeAdvice(context -> {
                    EncodedBody encoded = context.next();
                    lengths.add(encoded.contentType() + " " + encoded.length() + " " + encoded.inMemory());
                    context.headers().set("X-Transform", "reversed");
                    return EncodedBody.of(reversed(encoded.bytes()), "application/x-reversed");
                }));

        assertThat(client.post(url(server, "/")).body(new Pet("Rex", 3)).send().bodyAsString())
                .isEqualTo("application/x-reversed|-|reversed|}3:\"ega\",\"xeR\":\"eman\"{");
        assertThat(lengths).containsExactly("application/json 22 true");
        assertThat(json.written).hasSize(1);
        assertThat(json.written.get(0).refCnt()).isZero();
    }

    @Test
    void anAdviceCanSignTheEncodedBytesWithAHeader() {
        HttpServer server = server(request -> request.response().send(request.headers().get("x-signature", "-")
                + " " + hex(sha256(request.bodyAsBytes()))));
        BriskClient client = client(clientBuilder().encodeAdvice(context -> {
            EncodedBody encoded = context.next();
            context.headers().set("X-Signature", hex(sha256(encoded.bytes())));
            return encoded;
        }));

        String[] reply = client.post(url(server, "/")).body(Map.of("amount", 10)).send().bodyAsString().split(" ");
        assertThat(reply[0]).isEqualTo(reply[1]).hasSize(64);
    }

    @Test
    void anAdviceThatThrowsBeforeEncodingFailsTheCallAndReleasesTheBody() {
        AtomicInteger requests = new AtomicInteger();
        HttpServer server = server(request -> request.response().send("seen " + requests.incrementAndGet()));
        ByteBuf body = buffer("payload");
        BriskClient client = client(clientBuilder().encodeAdvice(context -> {
            throw new IllegalStateException("not allowed");
        }));

        assertThat(failure(client.post(url(server, "/")).body(body).execute()))
                .isInstanceOf(IllegalStateException.class).hasMessage("not allowed");
        assertThat(body.refCnt()).isZero();
        assertThat(requests.get()).isZero();
    }

    @Test
    void anAdviceThatThrowsAfterEncodingFailsTheCallAndReleasesWhatWasEncoded() {
        HttpServer server = echoServer();
        RecordingJson json = new RecordingJson();
        ByteBuf replaced = buffer("replaced");
        BriskClient client = client(clientBuilder().options(o -> o.codecs(Codecs.builder().json(json).build()))
                .interceptor(chain -> chain.proceed(chain.request()))
                .encodeAdvice(new EncodeAdvice() {
                    @Override
                    public EncodedBody aroundEncode(EncodeContext context) {
                        context.next();
                        throw new IllegalArgumentException("signing failed");
                    }

                    @Override
                    public int order() {
                        return -1;
                    }
                })
                .encodeAdvice(context -> {
                    context.body(new Pet("Rex", 3)); // the buffer given is replaced, then the pet encoded
                    return context.next();
                }));

        assertThat(failure(client.post(url(server, "/")).body(replaced).execute()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("signing failed");
        assertThat(replaced.refCnt()).isZero();
        assertThat(json.written).hasSize(1);
        assertThat(json.written.get(0).refCnt()).isZero();
    }

    @Test
    void anEncodedBodyTheClientDidNotCreateIsRefused() {
        ByteBuf body = buffer("payload");
        EncodedBody foreign = new EncodedBody() {
            @Override
            public String contentType() {
                return null;
            }

            @Override
            public long length() {
                return 0;
            }

            @Override
            public boolean inMemory() {
                return true;
            }

            @Override
            public byte[] bytes() {
                return new byte[0];
            }
        };
        BriskClient client = client(clientBuilder().encodeAdvice(context -> {
            context.next();
            return foreign;
        }));

        assertThat(failure(client.post(url(echoServer(), "/")).body(body).execute()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("did not create");
        assertThat(body.refCnt()).isZero();
    }

    @Test
    void callingNextTwiceIsRefused() {
        ByteBuf body = buffer("payload");
        BriskClient client = client(clientBuilder().encodeAdvice(context -> {
            context.next();
            return context.next();
        }));

        assertThat(failure(client.post(url(echoServer(), "/")).body(body).execute()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("next() was already called");
        assertThat(body.refCnt()).isZero();
    }

    @Test
    void aRetryResendsTheBodyEncodedOnce() throws Exception {
        RawServer raw = closeLater(new RawServer((request, socket, out) -> {
            if (request.connection() == 1) {
                RawServer.reset(socket);
                return false;
            }
            RawServer.respond(out, 200, "stored");
            return true;
        }));
        AtomicInteger encodings = new AtomicInteger();
        RetryPolicy alwaysOnce = RetryPolicy.builder().maxRetries(1).condition((request, failure) -> true).build();
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1).retryPolicy(alwaysOnce))
                .encodeAdvice(context -> {
            EncodedBody encoded = context.next();
            context.headers().set("X-Encoding", String.valueOf(encodings.incrementAndGet()));
            return EncodedBody.of(reversed(encoded.bytes()));
        }));

        assertThat(client.post(raw.url("/orders")).body("abc").send().bodyAsString()).isEqualTo("stored");
        assertThat(encodings.get()).isEqualTo(1);
        assertThat(raw.requests()).hasSize(2);
        for (RawServer.Request request : raw.requests()) {
            assertThat(new String(request.body(), StandardCharsets.UTF_8)).isEqualTo("cba");
            assertThat(request.head().toLowerCase()).contains("x-encoding: 1")
                    .contains("content-type: text/plain; charset=utf-8");
        }
    }

    @Test
    void aRedirectResendsTheEncodedBody() {
        AtomicInteger encodings = new AtomicInteger();
        HttpServer server = server(request -> {
            if (request.path().equals("/old")) {
                request.response().status(307).header("Location", "/new").send("");
            } else {
                request.response().send(request.path() + " " + request.bodyAsString());
            }
        });
        BriskClient client = client(clientBuilder().encodeAdvice(context -> {
            encodings.incrementAndGet();
            return EncodedBody.of("replaced".getBytes(StandardCharsets.UTF_8));
        }));

        assertThat(client.post(url(server, "/old")).body("original").send().bodyAsString())
                .isEqualTo("/new replaced");
        assertThat(encodings.get()).isEqualTo(1);
    }

    @Test
    void replacedBytesAndHeadersAreSentOverHttp2Too() {
        HttpServer server = server(request -> request.response().send(request.protocol().name() + " "
                + request.headers().get("x-transform", "-") + " " + request.bodyAsString()));
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1)
                .protocol(ProtocolPolicy.H2C_PRIOR_KNOWLEDGE))
                .encodeAdvice(context -> {
                    EncodedBody encoded = context.next();
                    context.headers().set("X-Transform", "reversed");
                    return EncodedBody.of(reversed(encoded.bytes()));
                }));

        assertThat(client.post(url(server, "/")).body("abc").send().bodyAsString()).isEqualTo("HTTP_2 reversed cba");
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    /** JSON codec that keeps the buffers it writes, to check they are released. */
    static final class RecordingJson implements BodyCodec {
        private final JacksonJsonCodec json = new JacksonJsonCodec();
        final List<ByteBuf> written = new CopyOnWriteArrayList<>();

        @Override
        public List<MediaType> mediaTypes() {
            return json.mediaTypes();
        }

        @Override
        public boolean canDecode(Type type, MediaType mediaType) {
            return json.canDecode(type, mediaType);
        }

        @Override
        public boolean canEncode(Class<?> type, MediaType mediaType) {
            return json.canEncode(type, mediaType);
        }

        @Override
        public Object decode(ByteBuf body, Type type, MediaType mediaType) {
            return json.decode(body, type, mediaType);
        }

        @Override
        public ByteBuf encode(Object value, MediaType mediaType, ByteBufAllocator allocator) {
            ByteBuf buffer = json.encode(value, mediaType, allocator);
            written.add(buffer);
            return buffer;
        }
    }
}
