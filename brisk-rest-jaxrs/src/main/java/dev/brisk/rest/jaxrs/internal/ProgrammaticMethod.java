package dev.brisk.rest.jaxrs.internal;

import dev.brisk.rest.support.Invoker;

import java.lang.reflect.Method;
import java.util.List;
import java.util.function.Supplier;

/**
 * A resource method declared in code rather than by annotations (Jersey's {@code Resource.builder}).
 *
 * @param path      the resource's path, its parents' first, without the application path
 * @param handler   the object the method is called on, once per request (an instance, or a new object per request)
 * @param method    the Java method: one with Jakarta REST parameters, or the {@code apply} of an inflector
 * @param inflector for an inflector, what calls it with the request (its only argument); null for a Java method
 * @param origin    what declared it, for messages
 */
public record ProgrammaticMethod(String httpMethod, String path, List<String> consumes, List<String> produces,
                                 Supplier<Object> handler, Method method, Invoker inflector, String origin) {

    public ProgrammaticMethod {
        consumes = List.copyOf(consumes);
        produces = List.copyOf(produces);
    }
}
