package dev.brisk.rest.jaxrs.sample;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;

import java.io.IOException;
import java.util.zip.GZIPInputStream;

/**
 * Accepts gzip-compressed request entities ({@code Content-Encoding: gzip}) by wrapping the entity stream before any
 * {@code MessageBodyReader} sees it; a global reader interceptor.
 */
@Provider
@Priority(Priorities.ENTITY_CODER)
public class GzipReaderInterceptor implements ReaderInterceptor {

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        String encoding = context.getHeaders().getFirst(HttpHeaders.CONTENT_ENCODING);
        if ("gzip".equalsIgnoreCase(encoding)) {
            context.setInputStream(new GZIPInputStream(context.getInputStream()));
            context.getHeaders().remove(HttpHeaders.CONTENT_ENCODING);
        }
        return context.proceed();
    }
}
