package dev.brisk.rest.jaxrs.compat;

import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;

import java.io.IOException;
import java.util.zip.GZIPOutputStream;

/**
 * Gzip for the {@link Compressed} methods' entities when the client accepts it, the way Jersey applications add
 * compression: a writer interceptor that sets {@code Content-Encoding} and wraps the entity stream.
 */
@Provider
@Compressed
public class GzipCompression implements WriterInterceptor {

    @Context
    private HttpHeaders request;

    @Override
    public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
        String accepted = request.getHeaderString(HttpHeaders.ACCEPT_ENCODING);
        if (accepted == null || !accepted.contains("gzip")) {
            context.proceed();
            return;
        }
        context.getHeaders().putSingle(HttpHeaders.CONTENT_ENCODING, "gzip");
        context.getHeaders().add(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING);
        GZIPOutputStream gzip = new GZIPOutputStream(context.getOutputStream());
        context.setOutputStream(gzip);
        context.proceed();
        gzip.finish();
    }
}
