package dev.brisk.spring.boot.internal;

import dev.brisk.rest.Filter;
import dev.brisk.rest.FilterChain;
import dev.brisk.rest.HttpStatusException;
import dev.brisk.rest.RequestContext;

import java.util.Locale;

/**
 * With {@code spring.servlet.multipart.enabled=false}: a {@code multipart/form-data} request is answered 415 before
 * routing, so its body is neither parsed nor spilled to disk. Other requests pass.
 */
final class MultipartRefusal implements Filter {

    private static final String FORM_DATA = "multipart/form-data";

    @Override
    public void filter(RequestContext ctx, FilterChain chain) throws Exception {
        String contentType = ctx.header("content-type").orElse("");
        if (contentType.toLowerCase(Locale.ROOT).startsWith(FORM_DATA)) {
            throw new HttpStatusException(415, "multipart/form-data requests are not accepted: "
                    + MultipartSettings.PREFIX + "enabled is false");
        }
        chain.proceed(ctx);
    }
}
