package dev.brisk.rest.jaxrs.sample;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;

import java.io.IOException;
import java.util.zip.GZIPOutputStream;

/**
 * Compresses the entities of {@link Compress}ed methods (name binding): adds {@code Content-Encoding: gzip} and
 * wraps the output stream the {@code MessageBodyWriter} writes to.
 */
@Provider
@Compress
@Priority(Priorities.ENTITY_CODER)
public class GzipWriterInterceptor implements WriterInterceptor {

    @Override
    public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
        context.getHeaders().putSingle(HttpHeaders.CONTENT_ENCODING, "gzip");
        GZIPOutputStream gzip = new GZIPOutputStream(context.getOutputStream());
        context.setOutputStream(gzip);
        context.proceed();
        gzip.finish();
    }
}
