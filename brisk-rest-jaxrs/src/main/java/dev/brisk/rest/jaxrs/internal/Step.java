package dev.brisk.rest.jaxrs.internal;

import dev.brisk.rest.support.BeanValidation;
import dev.brisk.rest.support.Invoker;

import dev.brisk.rest.RouteParameter;
import java.lang.reflect.Method;
import java.util.List;

/**
 * One call on the way to a response: a sub-resource locator or the resource method, bound to a generated call site
 * with its parameter plan; {@code suspended} is the index of an {@code @Suspended AsyncResponse} parameter or -1;
 * {@code parameters} are what the plan takes from the request, as the route publishes them.
 */
record Step(Method method, Invoker invoker, ParamSource[] plan, int suspended, BeanValidation validation,
            boolean locator, List<RouteParameter> parameters) {

    @Override
    public String toString() {
        return method.getDeclaringClass().getSimpleName() + "." + method.getName();
    }
}
