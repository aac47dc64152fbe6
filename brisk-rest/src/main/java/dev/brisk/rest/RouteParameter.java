package dev.brisk.rest;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Type;
import java.util.Objects;
import java.util.Optional;

/**
 * A value a route's handler takes from the request, as its controller style binds it: where it comes from, its name,
 * its Java type, whether a request must carry it and the default used when it does not. Controller styles publish
 * them with the routes they build ({@link RouteInfo#parameters()}), once at startup, for tools that describe an API
 * (brisk-openapi).
 *
 * @param source       where the value comes from
 * @param name         its name in the request (the header, query parameter, path variable...); empty for a body
 * @param type         its declared Java type, generic arguments included ({@code List<Status>}, {@code Optional<T>})
 * @param required     whether a request without it is refused
 * @param defaultValue the text used when the request has none
 * @param element      the parameter, field or method it is bound to, whose other annotations (constraints,
 *                     documentation) tools may read
 */
public record RouteParameter(Source source, String name, Type type, boolean required, Optional<String> defaultValue,
                             AnnotatedElement element) {

    /** Where a value comes from. */
    public enum Source {
        /** A variable of the path template. */
        PATH,
        /** A query parameter (for Spring MVC's request parameters, also a form field of the same name). */
        QUERY,
        HEADER,
        COOKIE,
        /** A matrix parameter of a path segment. */
        MATRIX,
        /** A field of a URL-encoded or multipart form body. */
        FORM,
        /** A part of a multipart body, such as an uploaded file. */
        PART,
        /** The request body as a whole. */
        BODY
    }

    public RouteParameter {
        Objects.requireNonNull(source, "source must not be null");
        Objects.requireNonNull(name, "name must not be null");
        Objects.requireNonNull(type, "type must not be null");
        Objects.requireNonNull(defaultValue, "defaultValue must not be null");
        Objects.requireNonNull(element, "element must not be null");
    }
}
