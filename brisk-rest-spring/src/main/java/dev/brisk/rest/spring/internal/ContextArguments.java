package dev.brisk.rest.spring.internal;

import dev.brisk.http.ServerRequest;
import dev.brisk.http.ServerResponse;
import dev.brisk.rest.RequestContext;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpMethod;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.util.UriComponentsBuilder;

import java.net.InetSocketAddress;
import java.security.Principal;
import java.time.ZoneId;
import java.util.Locale;
import java.util.TimeZone;

/**
 * Parameters filled from the request itself, whatever their annotations: Brisk's {@code RequestContext},
 * {@code ServerRequest} and {@code ServerResponse}; Spring's {@code WebRequest}/{@code NativeWebRequest},
 * {@code HttpMethod} and {@code UriComponentsBuilder}; {@code Locale} (from {@code Accept-Language}),
 * {@code TimeZone}/{@code ZoneId} (the server's) and {@code Principal}; with the servlet facade, the servlet request,
 * response and session ({@link ServletArguments}); with Spring Security, {@code @AuthenticationPrincipal} and
 * {@code @CurrentSecurityContext} ({@link SecurityArguments}).
 */
final class ContextArguments {

    /** The request attribute an authentication filter stores the caller's {@link Principal} under. */
    static final String PRINCIPAL_ATTRIBUTE = Principal.class.getName();

    /** Fills one parameter from the request context. */
    @FunctionalInterface
    interface Resolver {
        Object resolve(RequestContext ctx) throws Exception;
    }

    private ContextArguments() {
    }

    /** The resolver for {@code parameter}'s type, or null when it is not filled from the request context. */
    static Resolver resolverOrNull(MethodParameter parameter) {
        Class<?> type = parameter.getParameterType();
        if (SpringClasses.SECURITY) {
            Resolver security = SecurityArguments.resolverOrNull(parameter);
            if (security != null) {
                return security;
            }
        }
        if (SpringClasses.SERVLET_FACADE) {
            Resolver servlet = ServletArguments.resolverOrNull(type);
            if (servlet != null) {
                return servlet;
            }
        }
        if (type == RequestContext.class) {
            return ctx -> ctx;
        }
        if (type == ServerRequest.class) {
            return RequestContext::request;
        }
        if (type == ServerResponse.class) {
            return RequestContext::response;
        }
        if (type == WebRequest.class || type == NativeWebRequest.class) {
            return BriskWebRequest::new;
        }
        if (type == HttpMethod.class) {
            return ctx -> HttpMethod.valueOf(ctx.request().method().name());
        }
        if (type == Locale.class) {
            return Locales::of;
        }
        if (type == TimeZone.class) {
            return ctx -> TimeZone.getDefault();
        }
        if (type == ZoneId.class) {
            return ctx -> ZoneId.systemDefault();
        }
        if (Principal.class.isAssignableFrom(type)) {
            return ctx -> {
                Object principal = ctx.attributes().get(PRINCIPAL_ATTRIBUTE);
                if (principal == null && SpringClasses.SERVLET_FACADE) {
                    principal = ServletArguments.principal(ctx);
                }
                return type.isInstance(principal) ? principal : null;
            };
        }
        if (type == UriComponentsBuilder.class) {
            return ContextArguments::baseUri;
        }
        return null;
    }

    /** The request's base URL (scheme, host, port and context path), as Spring MVC's UriComponentsBuilder argument. */
    static UriComponentsBuilder baseUri(RequestContext ctx) {
        return origin(ctx).path(contextPath(ctx));
    }

    /** The scheme, host and port the request was sent to (its Host header, else the local address). */
    static UriComponentsBuilder origin(RequestContext ctx) {
        ServerRequest request = ctx.request();
        UriComponentsBuilder builder = UriComponentsBuilder.newInstance().scheme(request.scheme());
        String host = request.headers().get("host", null);
        if (host == null && request.localAddress() instanceof InetSocketAddress local) {
            host = local.getHostString() + ":" + local.getPort();
        }
        if (host != null) {
            int colon = host.lastIndexOf(':');
            if (colon > 0 && host.indexOf(']', colon) < 0) {
                builder.host(host.substring(0, colon)).port(host.substring(colon + 1));
            } else {
                builder.host(host);
            }
        }
        return builder;
    }

    /** The part of the request path before the route's path: the server's context path. */
    static String contextPath(RequestContext ctx) {
        String rawPath = ctx.request().rawPath();
        String routePath;
        try {
            routePath = ctx.routePath();
        } catch (IllegalStateException notRouted) {
            return "";
        }
        return rawPath.endsWith(routePath) ? rawPath.substring(0, rawPath.length() - routePath.length()) : "";
    }
}
