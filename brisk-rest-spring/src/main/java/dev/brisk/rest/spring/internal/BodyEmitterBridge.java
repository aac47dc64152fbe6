package dev.brisk.rest.spring.internal;

import dev.brisk.codec.BodyCodec;
import dev.brisk.codec.Codecs;
import dev.brisk.codec.MediaType;
import dev.brisk.http.ServerResponse;
import dev.brisk.rest.RequestContext;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter.DataWithMediaType;

import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A Spring {@code ResponseBodyEmitter} on a streamed Brisk response: the head goes out when the handler returns (its
 * {@code Content-Type} the one the handler set, else the mapping's first {@code produces}, else none), then each
 * object sent is written at once: text as it is (UTF-8 unless its media type names a charset), {@code byte[]} as it
 * is, other objects encoded by the server's codecs as their media type, else the response's, else JSON.
 */
final class BodyEmitterBridge extends EmitterBridge {

    private final ServerResponse response;
    private final Codecs codecs;
    private final ByteBufAllocator allocator;
    private final MediaType responseType;
    private volatile boolean aborting;

    BodyEmitterBridge(RequestContext ctx) {
        this.response = ctx.response();
        this.codecs = ctx.codecs();
        this.allocator = ctx.request().allocator();
        String preset = response.headers().get("content-type", null);
        if (preset == null && !ctx.route().produces().isEmpty()) {
            preset = ctx.route().produces().get(0).toString();
            response.header("content-type", preset);
        }
        this.responseType = preset == null ? null : parseOrNull(preset);
        response.headers().remove("content-length");
        ctx.async();
        response.completion().whenComplete((v, error) -> {
            if (error != null && !aborting) {
                disconnected();
            }
        });
        response.write(Unpooled.EMPTY_BUFFER);
    }

    @Override
    CompletionStage<Void> write(List<DataWithMediaType> items) {
        CompletionStage<Void> written = CompletableFuture.completedFuture(null);
        for (DataWithMediaType item : items) {
            written = response.write(encode(item));
        }
        return written;
    }

    private ByteBuf encode(DataWithMediaType item) {
        Object data = item.getData();
        MediaType type = item.getMediaType() == null ? null : parseOrNull(item.getMediaType().toString());
        if (data instanceof CharSequence text) {
            Charset charset = type != null ? type.charset().orElse(StandardCharsets.UTF_8) : StandardCharsets.UTF_8;
            return ByteBufUtil.encodeString(allocator, CharBuffer.wrap(text), charset);
        }
        if (data instanceof byte[] bytes) {
            return Unpooled.wrappedBuffer(bytes);
        }
        MediaType target = type != null ? type
                : responseType != null && codecs.encoder(data.getClass(), responseType).isPresent() ? responseType
                : MediaType.APPLICATION_JSON;
        BodyCodec codec = codecs.encoder(data.getClass(), target).orElseThrow(() -> new IllegalArgumentException(
                "no codec writes " + data.getClass().getName() + " as " + target));
        return codec.encode(data, target, allocator);
    }

    @Override
    void finish() {
        response.end();
    }

    @Override
    void abort(Throwable error) {
        aborting = true;
        response.abort(error);
    }

    private static MediaType parseOrNull(String text) {
        try {
            return MediaType.parse(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
