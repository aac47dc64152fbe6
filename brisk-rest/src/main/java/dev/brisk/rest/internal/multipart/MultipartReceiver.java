package dev.brisk.rest.internal.multipart;

import dev.brisk.codec.MediaType;
import dev.brisk.http.BodyListener;
import dev.brisk.http.ServerRequest;
import dev.brisk.http.ServerResponse;
import dev.brisk.http.common.Headers;
import dev.brisk.rest.multipart.MultipartForm;
import dev.brisk.rest.multipart.MultipartOptions;
import dev.brisk.rest.support.Problems;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.Consumer;

/**
 * Receives a {@code multipart/form-data} body as it streams in, parsing it on the way: parts beyond the threshold go
 * to temporary files, so however large the body, memory holds at most the threshold per part and one read buffer.
 * Temporary files are deleted when the response ends (or the connection closes), and at once when the body is
 * refused or breaks off.
 */
public final class MultipartReceiver implements BodyListener {

    /**
     * After a refused body, how many more bytes are read and dropped so that the connection can carry the next
     * request; beyond that it is closed instead.
     */
    static final long SWALLOW = 2L * 1024 * 1024;

    private static final String PENDING = "dev.brisk.rest.multipart.pending";
    private static final String REFUSED = "dev.brisk.rest.multipart.refused";

    private final ServerRequest request;
    private final MultipartOptions options;
    private final PartCollector collector;
    private final MultipartParser parser;
    private final Consumer<MultipartForm> done;
    private final Consumer<Throwable> failed;
    private long received;
    private boolean over;

    private MultipartReceiver(ServerRequest request, MultipartOptions options, String boundary,
                              Consumer<MultipartForm> done, Consumer<Throwable> failed) {
        this.request = request;
        this.options = options;
        this.collector = new PartCollector(options);
        this.parser = new MultipartParser(boundary, options.maxPartHeaderSize(), collector);
        this.done = done;
        this.failed = failed;
    }

    /** Whether {@code contentType} is {@code multipart/form-data}. */
    public static boolean isMultipart(String contentType) {
        return contentType != null && contentType.regionMatches(true, 0, "multipart/form-data", 0, 19)
                && (contentType.length() == 19 || contentType.charAt(19) == ';' || contentType.charAt(19) == ' ');
    }

    /**
     * Called when the head of a multipart request has arrived, before any body byte: its body limit becomes
     * {@code maxRequestSize} (with some slack to drain a refused body), and a declared length beyond it is answered
     * 413 at once, before the client sends the body (the server then closes the connection).
     */
    public static void prepare(ServerRequest request, MultipartOptions options) {
        long declared = request.contentLength();
        if (declared > options.maxRequestSize()) {
            request.maxBodySize(options.maxRequestSize());
            request.attributes().put(REFUSED, Boolean.TRUE);
            refuse(request, "the multipart body of " + declared
                    + " bytes is larger than maxRequestSize " + options.maxRequestSize() + " bytes");
            return;
        }
        request.maxBodySize(Math.max(request.maxBodySize(), saturatedAdd(options.maxRequestSize(), SWALLOW)));
        request.attributes().put(PENDING, Boolean.TRUE);
    }

    /** Whether {@link #prepare} chose to receive this request's body as multipart. */
    public static boolean pending(ServerRequest request) {
        return request.attributes().containsKey(PENDING);
    }

    /** Whether {@link #prepare} already refused this request. */
    public static boolean refused(ServerRequest request) {
        return request.attributes().containsKey(REFUSED);
    }

    /**
     * Receives the streamed body of {@code request}; calls {@code done} with the parts on the connection's event loop
     * once the body is complete, or {@code failed} with the reason (a {@link MultipartException} for a malformed or
     * too large body).
     */
    public static void receive(ServerRequest request, MultipartOptions options, Consumer<MultipartForm> done,
                               Consumer<Throwable> failed) {
        request.attributes().remove(PENDING);
        String boundary;
        try {
            boundary = MultipartParser.checkBoundary(boundary(request.headers()));
        } catch (MultipartException e) {
            request.maxBodySize(SWALLOW); // nothing of this body will be read: drain a little, else close
            throw e;
        }
        MultipartReceiver receiver = new MultipartReceiver(request, options, boundary, done, failed);
        request.response().completion().whenComplete((v, e) -> receiver.collector.discard());
        request.stream(receiver);
    }

    /**
     * Parses an aggregated multipart body at once (a request whose body was not streamed); its temporary files are
     * deleted when the response ends.
     */
    public static MultipartForm parse(ServerRequest request, MultipartOptions options, ByteBuf body) {
        String boundary = MultipartParser.checkBoundary(boundary(request.headers()));
        PartCollector collector = new PartCollector(options);
        request.response().completion().whenComplete((v, e) -> collector.discard());
        MultipartParser parser = new MultipartParser(boundary, options.maxPartHeaderSize(), collector);
        try {
            if (body.readableBytes() > options.maxRequestSize()) {
                throw MultipartException.tooLarge("the multipart body is larger than maxRequestSize "
                        + options.maxRequestSize() + " bytes");
            }
            parser.feed(body);
            parser.finish();
            return collector.form();
        } catch (IOException e) {
            parser.release();
            collector.discard();
            throw new UncheckedIOException("cannot store a part: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            parser.release();
            collector.discard();
            throw e;
        }
    }

    private static String boundary(Headers headers) {
        String contentType = headers.get("content-type", "");
        try {
            String boundary = MediaType.parse(contentType).parameters().get("boundary");
            if (boundary == null) {
                throw MultipartException.malformed("Content-Type " + contentType + " has no boundary parameter");
            }
            return boundary;
        } catch (IllegalArgumentException e) {
            throw MultipartException.malformed("invalid Content-Type: " + e.getMessage());
        }
    }

    @Override
    public void onData(ByteBuf chunk) {
        if (over) {
            return;
        }
        received += chunk.readableBytes();
        try {
            if (received > options.maxRequestSize()) {
                throw MultipartException.tooLarge("the multipart body is larger than maxRequestSize "
                        + options.maxRequestSize() + " bytes");
            }
            parser.feed(chunk);
        } catch (IOException e) {
            fail(new UncheckedIOException("cannot store a part: " + e.getMessage(), e));
        } catch (RuntimeException e) {
            fail(e);
        }
    }

    @Override
    public void onEnd(Headers trailers) {
        if (over) {
            return;
        }
        over = true;
        MultipartForm form;
        try {
            parser.finish();
            form = collector.form();
        } catch (RuntimeException e) {
            collector.discard();
            failed.accept(e);
            return;
        }
        done.accept(form);
    }

    @Override
    public void onError(Throwable cause) {
        if (over) {
            return;
        }
        over = true;
        parser.release();
        collector.discard();
        failed.accept(cause);
    }

    /** Refuses the body: parts so far are deleted; what the client still sends is drained a little, then cut. */
    private void fail(RuntimeException cause) {
        over = true;
        parser.release();
        collector.discard();
        request.maxBodySize(saturatedAdd(received, SWALLOW));
        failed.accept(cause);
    }

    private static void refuse(ServerRequest request, String detail) {
        ServerResponse response = request.response();
        response.status(413);
        response.header("content-type", "application/problem+json");
        response.send(ByteBufUtil.writeUtf8(request.allocator(), Problems.json(413, detail, request.path(),
                List.of())));
    }

    /** {@code a + b}, or {@link Long#MAX_VALUE} where the sum would overflow (limits may be "unlimited"). */
    static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }
}
