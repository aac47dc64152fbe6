package dev.brisk.http.internal.compress;

import dev.brisk.http.BodyMode;
import dev.brisk.http.CompressionOptions;
import dev.brisk.http.HttpHandler;
import dev.brisk.http.ServerRequest;
import dev.brisk.http.ServerResponse;
import dev.brisk.http.common.AcceptEncoding;
import io.netty.buffer.ByteBuf;
import io.netty.util.AsciiString;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Response compression and request decompression around an application's handler, installed only when the server is
 * configured with {@link CompressionOptions}. Per request it reads {@code Accept-Encoding} (and
 * {@code Content-Encoding}); a request that accepts no offered coding and sends no encoded body reaches the handler
 * unchanged.
 */
public final class CompressionHandler implements HttpHandler {

    private static final AsciiString CONTENT_ENCODING = AsciiString.cached("content-encoding");
    private static final String DECODING = CompressionHandler.class.getName() + ".decoding";

    private final HttpHandler handler;
    private final CompressionSettings settings;

    private CompressionHandler(HttpHandler handler, CompressionSettings settings) {
        this.handler = handler;
        this.settings = settings;
    }

    /** {@code handler} with compression as {@code options} configure it. */
    public static HttpHandler wrap(HttpHandler handler, CompressionOptions options) {
        return new CompressionHandler(handler, CompressionSettings.of(options));
    }

    /** The content codings this server offers, in preference order, after leaving out those without a library. */
    public static List<String> offeredEncodings(CompressionOptions options) {
        return CompressionSettings.of(options).tokens();
    }

    @Override
    public BodyMode bodyMode(ServerRequest request) {
        if (settings.options().decompressRequests()) {
            List<ContentCoding> codings = bodyCodings(request);
            if (codings != null) {
                CodingRequest decoding = new CodingRequest(request, responseFor(request), codings);
                decoding.mode = handler.bodyMode(decoding);
                request.maxBodySize(decoding.maxBodySize());
                request.attributes().put(DECODING, decoding);
                return BodyMode.AGGREGATE;
            }
        }
        return handler.bodyMode(request);
    }

    @Override
    public void handle(ServerRequest request) {
        CodingRequest decoding = request.headers().contains(CONTENT_ENCODING)
                ? (CodingRequest) request.attributes().remove(DECODING) : null;
        if (decoding == null) {
            ServerResponse response = responseFor(request);
            handler.handle(response == request.response() ? request : new CodingRequest(request, response, null));
            return;
        }
        if (!request.response().isCommitted()) {
            ByteBuf decoded;
            try {
                decoded = RequestDecoder.decode(request.body(), decoding.bodyCodings, decoding.maxBodySize(),
                        request.allocator());
            } catch (RequestDecoder.TooLargeException e) {
                request.response().status(413).send(e.getMessage());
                refused(request);
                return;
            } catch (IOException e) {
                request.response().status(400).send("request body is not valid in its content coding: "
                        + e.getMessage());
                refused(request);
                return;
            }
            decoding.decoded(decoded);
        }
        handler.handle(decoding);
    }

    /** Shows the wrapped handler a request refused here, when it observes refusals (its response is sent). */
    private void refused(ServerRequest request) {
        if (handler.observesRefusals()) {
            handler.handle(request);
        }
    }

    @Override
    public boolean observesRefusals() {
        return handler.observesRefusals();
    }

    /** The response the application gets: compressing when the client accepts an offered coding. */
    private ServerResponse responseFor(ServerRequest request) {
        // a HEAD answers with the header fields of the GET (RFC 9110, 9.3.2): its coding and Vary; the body it would
        // compress is dropped by the connection
        ServerResponse response = request.response();
        CharSequence accept = AcceptEncoding.field(request.headers());
        int chosen = accept == null ? -1 : AcceptEncoding.choose(accept, settings.tokens());
        return chosen < 0 ? response
                : new CompressingResponse(response, settings, settings.offered().get(chosen), request.allocator());
    }

    /** The codings of an encoded body in the order applied, or null when none or one is not supported. */
    private List<ContentCoding> bodyCodings(ServerRequest request) {
        List<String> values = request.headers().all(CONTENT_ENCODING);
        if (values.isEmpty()) {
            return null;
        }
        List<ContentCoding> codings = new ArrayList<>(1);
        for (String value : values) {
            for (String token : value.split(",")) {
                String name = token.strip();
                if (name.isEmpty() || name.equalsIgnoreCase("identity")) {
                    continue;
                }
                ContentCoding coding = ContentCoding.of(name);
                if (coding == null || !coding.available()) {
                    return null;
                }
                codings.add(coding);
            }
        }
        return codings.isEmpty() ? null : codings;
    }
}
