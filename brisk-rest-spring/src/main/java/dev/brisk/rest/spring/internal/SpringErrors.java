package dev.brisk.rest.spring.internal;

import dev.brisk.rest.NoRouteException;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.web.server.MethodNotAllowedException;
import org.springframework.web.server.NotAcceptableStatusException;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebInputException;
import org.springframework.web.server.UnsupportedMediaTypeStatusException;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MissingMatrixVariableException;
import org.springframework.web.bind.MissingPathVariableException;
import org.springframework.web.bind.MissingRequestCookieException;
import org.springframework.web.bind.MissingRequestHeaderException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.ServletRequestBindingException;
import org.springframework.web.bind.UnsatisfiedServletRequestParameterException;
import org.springframework.web.multipart.MultipartException;
import org.springframework.web.multipart.support.MissingServletRequestPartException;
import org.springframework.web.server.MissingRequestValueException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * The exceptions Spring raises when a request cannot be served as asked, so that the application's
 * {@code @ExceptionHandler}s see the types they name. Spring MVC's own types ({@code MissingServletRequestParameterException},
 * {@code HttpRequestMethodNotSupportedException}, ...) extend the servlet API's {@code ServletException}: they are used
 * when the servlet API is on the class path (an application whose handlers name them has it); otherwise the
 * servlet-free types of spring-web ({@code org.springframework.web.server}) take their place.
 */
abstract class SpringErrors {

    /** Where a missing value was to come from. */
    enum Source {
        QUERY_PARAMETER("query parameter", "parameter"),
        HEADER("header", "header"),
        COOKIE("cookie", "cookie"),
        PATH_VARIABLE("path variable", "path"),
        MATRIX_VARIABLE("matrix variable", "matrix variable");

        final String label;
        final String springLabel;

        Source(String label, String springLabel) {
            this.label = label;
            this.springLabel = springLabel;
        }
    }

    private static final SpringErrors INSTANCE = SpringClasses.SERVLET_API ? new MvcErrors() : new ServerErrors();

    static SpringErrors get() {
        return INSTANCE;
    }

    /** The servlet-free types, whatever the class path holds. */
    static SpringErrors servletFree() {
        return new ServerErrors();
    }

    /** A required value is missing (400; a path variable the route lacks is the server's error, 500, as in Spring). */
    abstract Exception missing(Source source, String name, MethodParameter parameter);

    /** A required request attribute is missing (400). */
    abstract Exception missingAttribute(String name, MethodParameter parameter);

    /** A required part of a multipart request is missing (400). */
    abstract Exception missingPart(String name, MethodParameter parameter);

    /** A parameter needs the parts of a multipart request, and the request is not one (Spring's own type). */
    static Exception notMultipart() {
        return new MultipartException("Current request is not a multipart request");
    }

    /** No route for the method (405). */
    abstract Exception methodNotAllowed(String method, List<String> allowed);

    /** No route consumes the request's Content-Type (415). */
    abstract Exception unsupportedMediaType(String contentType, List<MediaType> supported, String method);

    /** No route produces an acceptable type (406). */
    abstract Exception notAcceptable(List<MediaType> producible);

    /** The request does not meet the parameter conditions of the routes (400). */
    abstract Exception unsatisfiedConditions(String detail, Map<String, List<String>> parameters);

    /**
     * Nothing is mapped to the path (404): Spring MVC's {@code NoResourceFoundException} when present, for the
     * resource {@code withinContext} names (the request path below the context path).
     */
    Exception noResource(String method, String path, String withinContext) {
        if (SpringClasses.WEBMVC_RESOURCES) {
            return WebMvcResources.noResource(method, path, withinContext);
        }
        return new ResponseStatusException(HttpStatus.NOT_FOUND, "No static resource "
                + path + ".");
    }

    /**
     * The Spring exception for a routing failure of the request for {@code path}, which is {@code withinContext} below
     * the context path.
     */
    Exception forRouting(NoRouteException e, String method, String path, String withinContext, String contentType,
                         Map<String, List<String>> parameters) {
        return switch (e.reason()) {
            case PATH -> noResource(method, path, withinContext);
            case METHOD -> methodNotAllowed(method, List.copyOf(e.allowedMethods()));
            case CONTENT_TYPE -> unsupportedMediaType(contentType, springTypes(e.mediaTypes()), method);
            case ACCEPT -> notAcceptable(springTypes(e.mediaTypes()));
            case CONDITIONS -> unsatisfiedConditions(e.getMessage(), parameters);
        };
    }

    static List<MediaType> springTypes(List<dev.brisk.codec.MediaType> types) {
        return types.stream().map(t -> MediaType.parseMediaType(t.toString())).toList();
    }

    static MediaType springType(String contentType) {
        try {
            return contentType == null ? null : MediaType.parseMediaType(contentType);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** Spring MVC's exception types (they need the servlet API). */
    private static final class MvcErrors extends SpringErrors {

        @Override
        Exception missing(Source source, String name, MethodParameter parameter) {
            return switch (source) {
                case QUERY_PARAMETER -> new MissingServletRequestParameterException(
                        name, parameter, false);
                case HEADER -> new MissingRequestHeaderException(name, parameter);
                case COOKIE -> new MissingRequestCookieException(name, parameter);
                case PATH_VARIABLE -> new MissingPathVariableException(name, parameter);
                case MATRIX_VARIABLE -> new MissingMatrixVariableException(name,
                        parameter);
            };
        }

        @Override
        Exception missingAttribute(String name, MethodParameter parameter) {
            return new ServletRequestBindingException("Missing request attribute '"
                    + name + "' of type " + parameter.getNestedParameterType().getSimpleName());
        }

        @Override
        Exception missingPart(String name, MethodParameter parameter) {
            return new MissingServletRequestPartException(name);
        }

        @Override
        Exception methodNotAllowed(String method, List<String> allowed) {
            return new HttpRequestMethodNotSupportedException(method, allowed);
        }

        @Override
        Exception unsupportedMediaType(String contentType, List<MediaType> supported, String method) {
            return new HttpMediaTypeNotSupportedException(springType(contentType), supported,
                    HttpMethod.valueOf(method));
        }

        @Override
        Exception notAcceptable(List<MediaType> producible) {
            return new HttpMediaTypeNotAcceptableException(producible);
        }

        @Override
        Exception unsatisfiedConditions(String detail, Map<String, List<String>> parameters) {
            Map<String, String[]> actual = new LinkedHashMap<>();
            parameters.forEach((k, v) -> actual.put(k, v.toArray(String[]::new)));
            return new UnsatisfiedServletRequestParameterException(new String[0], actual);
        }
    }

    /** spring-web's servlet-free exception types. */
    private static final class ServerErrors extends SpringErrors {

        @Override
        Exception missing(Source source, String name, MethodParameter parameter) {
            return new MissingRequestValueException(name,
                    parameter.getNestedParameterType(), source.springLabel, parameter);
        }

        @Override
        Exception missingAttribute(String name, MethodParameter parameter) {
            return new ServerWebInputException("Missing request attribute '" + name + "' of type "
                    + parameter.getNestedParameterType().getSimpleName(), parameter);
        }

        @Override
        Exception missingPart(String name, MethodParameter parameter) {
            return new MissingRequestValueException(name,
                    parameter.getNestedParameterType(), "request part", parameter);
        }

        @Override
        Exception methodNotAllowed(String method, List<String> allowed) {
            return new MethodNotAllowedException(method, allowed.stream().map(HttpMethod::valueOf).toList());
        }

        @Override
        Exception unsupportedMediaType(String contentType, List<MediaType> supported, String method) {
            return new UnsupportedMediaTypeStatusException(springType(contentType), supported,
                    HttpMethod.valueOf(method));
        }

        @Override
        Exception notAcceptable(List<MediaType> producible) {
            return new NotAcceptableStatusException(producible);
        }

        @Override
        Exception unsatisfiedConditions(String detail, Map<String, List<String>> parameters) {
            return new ServerWebInputException(detail);
        }
    }

    /**
     * Spring MVC's resource exception, in a class of its own: loading {@code SpringErrors} must not need spring-webmvc
     * (the verifier would load every type this method creates), so it is only loaded when the library is there.
     */
    private static final class WebMvcResources {

        private WebMvcResources() {
        }

        static Exception noResource(String method, String path, String withinContext) {
            return new NoResourceFoundException(HttpMethod.valueOf(method),
                    path, withinContext.startsWith("/") ? withinContext.substring(1) : withinContext);
        }
    }
}
