package dev.brisk.rest.spring.internal;

import dev.brisk.rest.RequestContext;
import dev.brisk.rest.servlet.ServletSupport;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;

import java.security.Principal;

/**
 * Servlet parameters of handler and exception-handler methods, filled by Brisk's servlet facade: the request
 * ({@code HttpServletRequest}, {@code ServletRequest}) as the servlet filters passed it on, the response, the session
 * (made when there is none, as Spring MVC does) and the principal of a request a servlet filter authenticated. Only
 * loaded when brisk-rest-servlet and the servlet API are present.
 */
final class ServletArguments {

    private ServletArguments() {
    }

    /** The resolver for a servlet-typed {@code type}, or null when it is none. */
    static ContextArguments.Resolver resolverOrNull(Class<?> type) {
        if (type == ServletRequest.class || type == HttpServletRequest.class) {
            return ServletSupport::request;
        }
        if (type == ServletResponse.class || type == HttpServletResponse.class) {
            return ServletSupport::response;
        }
        if (type == HttpSession.class) {
            return ctx -> ServletSupport.request(ctx).getSession();
        }
        return null;
    }

    /** Whether {@code type} is a servlet response type, which a handler may answer through. */
    static boolean isResponse(Class<?> type) {
        return type == ServletResponse.class || type == HttpServletResponse.class;
    }

    /** The principal of a request authenticated by a servlet filter (a security filter's request wrapper). */
    static Principal principal(RequestContext ctx) {
        return ServletSupport.isInstalled(ctx) ? ServletSupport.request(ctx).getUserPrincipal() : null;
    }

    /** See {@link ServletSupport#propagateToFilters}. */
    static boolean propagateToFilters(RequestContext ctx, Throwable error) {
        return ServletSupport.propagateToFilters(ctx, error);
    }

    /** Sends what a handler that returned nothing wrote to its servlet response (an empty body if nothing). */
    static void sendAnswer(RequestContext ctx) {
        ServletSupport.sendAnswer(ctx);
    }
}
