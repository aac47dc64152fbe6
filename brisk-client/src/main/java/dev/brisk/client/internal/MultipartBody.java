package dev.brisk.client.internal;

import dev.brisk.client.HttpClientException;
import dev.brisk.client.Multipart;
import dev.brisk.client.internal.exchange.RequestBody;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.multipart.DefaultHttpDataFactory;
import io.netty.handler.codec.http.multipart.HttpData;
import io.netty.handler.codec.http.multipart.HttpDataFactory;

import java.util.List;

/**
 * A {@code multipart/form-data} body. Its data (fields, files, streams read into memory or temporary files) is made
 * once, when the call starts, and kept until the call ends; each attempt (first send, retry, 307/308 redirect) builds
 * a new Netty encoder over it. Released when the call ends, which deletes the temporary files.
 */
final class MultipartBody extends RequestBody {

    /** The encoders' factory: in multipart mode they create no data of their own through it. */
    private static final HttpDataFactory ENCODER_FACTORY = new DefaultHttpDataFactory(false);

    private final List<HttpData> templates;
    private MultipartAttempt attempt;
    private boolean released;

    private MultipartBody(List<HttpData> templates) {
        this.templates = templates;
    }

    /** Reads the parts (streams included) on the calling thread. */
    static MultipartBody of(Multipart multipart) {
        return new MultipartBody(MultipartTemplates.of(multipart));
    }

    @Override
    public long length() {
        return -1;
    }

    @Override
    public boolean replayable() {
        return !released;
    }

    @Override
    public boolean chunked(boolean zeroCopy) {
        return true;
    }

    @Override
    public ChannelFuture write(Channel channel, HttpMethod method, String target, HttpHeaders headers,
                               boolean zeroCopy) {
        MultipartAttempt current = begin(method, target, headers);
        return ended(current, current.write(channel));
    }

    @Override
    public void writeHead(Channel channel, HttpMethod method, String target, HttpHeaders headers) {
        begin(method, target, headers).writeHead(channel);
    }

    @Override
    public ChannelFuture writeBody(Channel channel, boolean zeroCopy) {
        MultipartAttempt current = attempt;
        if (current == null) {
            return channel.newFailedFuture(new IllegalStateException("multipart body written without its head"));
        }
        return ended(current, current.writeBody(channel));
    }

    private MultipartAttempt begin(HttpMethod method, String target, HttpHeaders headers) {
        if (released) {
            throw new IllegalStateException("the multipart body was released");
        }
        endAttempt();
        try {
            attempt = new MultipartAttempt(ENCODER_FACTORY, templates, method, target, headers);
        } catch (Exception e) {
            throw new HttpClientException(null, "cannot encode the multipart body: " + e.getMessage(), e);
        }
        return attempt;
    }

    /** Frees the attempt's views once its write is over, however it went. */
    private ChannelFuture ended(MultipartAttempt current, ChannelFuture written) {
        written.addListener(f -> {
            if (attempt == current) {
                endAttempt();
            }
        });
        return written;
    }

    private void endAttempt() {
        MultipartAttempt current = attempt;
        if (current != null) {
            attempt = null;
            current.close();
        }
    }

    @Override
    public void release() {
        if (released) {
            return;
        }
        released = true;
        endAttempt();
        for (HttpData template : templates) {
            if (template.refCnt() > 0) {
                template.release(); // deletes a temporary file; a caller's file is kept
            }
        }
    }
}
