package dev.brisk.rest.spring.internal;

import dev.brisk.rest.ArgumentResolver;
import dev.brisk.rest.HttpStatusException;
import dev.brisk.rest.RequestContext;
import io.netty.buffer.ByteBufInputStream;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.HttpMethod;
import org.springframework.http.RequestEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;

import java.io.InputStream;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * Request bodies as Spring MVC reads them: {@code @RequestBody} (required unless {@code required = false} or
 * {@code Optional}; an empty body and a JSON {@code null} are both missing), {@code HttpEntity<T>} and
 * {@code RequestEntity<T>}. A body that cannot be read is an {@link HttpMessageNotReadableException} saying what is
 * wrong in the client's terms; a Content-Type nothing reads is Spring's unsupported media type exception (415).
 */
final class RequestBodies {

    private RequestBodies() {
    }

    static ArgumentResolver requestBody(MethodParameter parameter, boolean required) {
        boolean optional = parameter.getParameterType() == Optional.class;
        Type type = optional ? argument(parameter.getGenericParameterType()) : parameter.getGenericParameterType();
        boolean mandatory = required && !optional;
        return ctx -> {
            Object value = read(ctx, type);
            if (value == null && mandatory) {
                throw new HttpMessageNotReadableException("Required request body is missing", new Message(ctx));
            }
            return optional ? Optional.ofNullable(value) : value;
        };
    }

    static ArgumentResolver httpEntity(MethodParameter parameter) {
        Type body = argument(parameter.getGenericParameterType());
        boolean request = parameter.getParameterType() == RequestEntity.class;
        return ctx -> {
            Object value = body == Void.class ? null : read(ctx, body);
            HttpHeaders headers = headers(ctx);
            if (request) {
                return new RequestEntity<>(value, headers, HttpMethod.valueOf(ctx.request().method().name()),
                        URI.create(ContextArguments.origin(ctx).build().toUriString() + ctx.request().uri()), body);
            }
            return new HttpEntity<>(value, headers);
        };
    }

    /** The body decoded as {@code type}; null when the request has none. */
    static Object read(RequestContext ctx, Type type) throws Exception {
        if (ctx.request().body().readableBytes() == 0) {
            return null;
        }
        try {
            return ctx.body(type);
        } catch (HttpStatusException e) {
            String contentType = ctx.request().headers().get("content-type", null);
            if (e.status() == 415 || e.getCause() == null) {
                throw SpringErrors.get().unsupportedMediaType(contentType, List.of(),
                        ctx.request().method().name());
            }
            throw new HttpMessageNotReadableException(BodyErrors.describe(e.getCause()), e.getCause(),
                    new Message(ctx));
        }
    }

    static HttpHeaders headers(RequestContext ctx) {
        HttpHeaders headers = new HttpHeaders();
        ctx.request().headers().forEach((name, value) -> headers.add(name.toString(), value.toString()));
        return headers;
    }

    private static Type argument(Type generic) {
        if (generic instanceof ParameterizedType parameterized) {
            return parameterized.getActualTypeArguments()[0];
        }
        return Object.class;
    }

    /** The request as Spring's {@link HttpInputMessage}, for the exceptions that carry it. */
    private record Message(RequestContext ctx) implements HttpInputMessage {
        @Override
        public InputStream getBody() {
            return new ByteBufInputStream(ctx.request().body().duplicate());
        }

        @Override
        public HttpHeaders getHeaders() {
            return RequestBodies.headers(ctx);
        }
    }
}
