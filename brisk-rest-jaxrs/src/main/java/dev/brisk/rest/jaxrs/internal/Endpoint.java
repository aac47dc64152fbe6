package dev.brisk.rest.jaxrs.internal;

import dev.brisk.codec.MediaType;

import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.List;
import java.util.function.Function;

/**
 * One resource method reachable by a path: the root resource, the chain of sub-resource locators leading to it, the
 * method itself, and what applies to it (media types, filters, interceptors, scheduler).
 *
 * @param steps the locators in order, then the resource method
 */
record Endpoint(String httpMethod, PathTemplate template, String applicationPath, Function<Exchange, Object> resource,
                List<Step> steps, List<MediaType> produces, List<MediaType> consumes, String scheduler,
                Type returnType, Annotation[] annotations) {

    Step method() {
        return steps.get(steps.size() - 1);
    }

    @Override
    public String toString() {
        return httpMethod + " " + template + " -> " + method();
    }
}
