package dev.brisk.client.internal;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.multipart.HttpData;
import io.netty.handler.codec.http.multipart.HttpDataFactory;
import io.netty.handler.codec.http.multipart.HttpPostRequestEncoder;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One sending of a multipart body: a Netty {@link HttpPostRequestEncoder} over fresh views of the call's data. The
 * encoder picks a new boundary and sets {@code Content-Type} with it; the body goes with its exact
 * {@code Content-Length} (every part's size is known by then), and is read piece by piece as the channel takes it.
 */
final class MultipartAttempt {

    private final HttpPostRequestEncoder encoder;
    private final List<HttpData> views;
    private final HttpRequest head;
    private ByteBuf content;

    MultipartAttempt(HttpDataFactory factory, List<HttpData> templates, HttpMethod method, String target,
                     HttpHeaders headers) throws IOException, HttpPostRequestEncoder.ErrorDataEncoderException {
        // Netty sets the framing it chooses; the client's own guess must not stay beside it
        headers.remove(HttpHeaderNames.CONTENT_LENGTH);
        headers.remove(HttpHeaderNames.TRANSFER_ENCODING);
        HttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, method, target, headers);
        encoder = new HttpPostRequestEncoder(factory, request, true, StandardCharsets.UTF_8,
                HttpPostRequestEncoder.EncoderMode.HTML5);
        views = new ArrayList<>(templates.size());
        try {
            for (HttpData template : templates) {
                HttpData view = HttpDataViews.view(template);
                views.add(view);
                encoder.addBodyHttpData(view);
            }
            HttpRequest finalized = encoder.finalizeRequest();
            if (finalized instanceof FullHttpRequest full) {
                content = full.content();
                head = new DefaultHttpRequest(HttpVersion.HTTP_1_1, method, target, headers);
            } else {
                head = finalized;
                // every part's size is known once the call's data is made (streams were read whole): send the
                // exact length rather than the chunked framing Netty picks for any multipart body
                long length = encoder.length();
                if (length >= 0) {
                    head.headers().remove(HttpHeaderNames.TRANSFER_ENCODING);
                    head.headers().set(HttpHeaderNames.CONTENT_LENGTH, length);
                }
            }
        } catch (IOException | HttpPostRequestEncoder.ErrorDataEncoderException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Writes head and body; completes when the last byte is written. */
    ChannelFuture write(Channel channel) {
        channel.write(head, channel.voidPromise());
        return writeBody(channel);
    }

    /** Writes the head only and flushes it. */
    void writeHead(Channel channel) {
        channel.writeAndFlush(head, channel.voidPromise());
    }

    /** Writes the body after the head (through the channel's chunked writer when Netty chose chunks). */
    ChannelFuture writeBody(Channel channel) {
        if (content != null) {
            ByteBuf last = content;
            content = null;
            return channel.writeAndFlush(new DefaultLastHttpContent(last));
        }
        return channel.writeAndFlush(encoder);
    }

    /** Frees the views and whatever the encoder made; the call's data stays. Idempotent. */
    void close() {
        ByteBuf unsent = content;
        content = null;
        if (unsent != null) {
            unsent.release();
        }
        for (HttpData view : views) {
            if (view.refCnt() > 0) {
                view.release();
            }
        }
        views.clear();
        encoder.cleanFiles();
    }
}
