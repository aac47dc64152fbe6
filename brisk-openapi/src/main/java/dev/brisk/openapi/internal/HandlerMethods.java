package dev.brisk.openapi.internal;

import dev.brisk.rest.RouteInfo;
import dev.brisk.rest.RouteParameter;
import dev.brisk.rest.RouteResponse;

import java.io.InputStream;
import java.io.Reader;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads what a route's controller style published of its handler into an {@link OperationModel}: the parameters it
 * binds, the request body, the declared response; and from the handler method its name, class, deprecation and
 * texts ({@code @OperationDoc}, Swagger's {@code @Operation}).
 */
final class HandlerMethods {

    private static final String DOC = "dev.brisk.openapi.OperationDoc";
    private static final String SWAGGER_OPERATION = "io.swagger.v3.oas.annotations.Operation";

    private HandlerMethods() {
    }

    static void read(RouteInfo route, OperationModel model) {
        for (RouteParameter parameter : route.parameters()) {
            read(parameter, model);
        }
        route.response().ifPresent(response -> read(response, model));
        route.handlerMethod().ifPresent(method -> read(method, model));
    }

    private static void read(RouteParameter parameter, OperationModel model) {
        Annotation[] annotations = annotations(parameter.element());
        switch (parameter.source()) {
            case PATH, QUERY, HEADER, COOKIE -> model.param(new OperationModel.Param(
                    parameter.source().name().toLowerCase(Locale.ROOT), parameter.name(), parameter.type(),
                    parameter.required() || Constraints.required(annotations), null,
                    parameter.defaultValue().orElse(null), annotations));
            case FORM -> model.formFields.put(parameter.name(), parameter.type());
            case BODY -> {
                if (!isStream(parameter.type())) {
                    model.requestBody = parameter.type();
                    model.requestBodyRequired = parameter.required();
                }
            }
            case MATRIX, PART -> {
                // a matrix parameter has no place of its own in OpenAPI; parts belong to a multipart body
            }
        }
    }

    /** A body read as raw bytes or characters: no schema describes it. */
    private static boolean isStream(Type type) {
        return type == InputStream.class || type == Reader.class;
    }

    private static void read(RouteResponse response, OperationModel model) {
        model.status = response.status();
        model.responseKnown = !response.hasBody() || response.bodyType().isPresent();
        model.response = response.bodyType().orElse(null);
    }

    private static void read(Method method, OperationModel model) {
        model.operationId = method.getName();
        model.tags.add(method.getDeclaringClass().getSimpleName());
        model.deprecated = declarations(method).stream().anyMatch(m -> m.isAnnotationPresent(Deprecated.class))
                || method.getDeclaringClass().isAnnotationPresent(Deprecated.class);
        texts(method, model);
    }

    /** The annotations on a parameter's element, those on its type included ({@code List<@NotBlank String>}...). */
    private static Annotation[] annotations(AnnotatedElement element) {
        List<Annotation> all = new ArrayList<>(List.of(element.getAnnotations()));
        if (element instanceof Parameter parameter) {
            Collections.addAll(all, parameter.getAnnotatedType().getAnnotations());
        } else if (element instanceof Field field) {
            Collections.addAll(all, field.getAnnotatedType().getAnnotations());
        }
        return all.toArray(new Annotation[0]);
    }

    /** {@code @OperationDoc}, and Swagger's {@code @Operation} when the application uses it. */
    private static void texts(Method method, OperationModel model) {
        for (String name : List.of(SWAGGER_OPERATION, DOC)) {
            Optional<Annotation> found = AnnotationValues.find(method, name);
            if (found.isEmpty()) {
                continue;
            }
            Annotation doc = found.get();
            AnnotationValues.string(doc, "summary").ifPresent(s -> model.summary = s);
            AnnotationValues.string(doc, "description").ifPresent(s -> model.description = s);
            AnnotationValues.string(doc, "operationId").ifPresent(s -> {
                model.operationId = s;
                model.explicitOperationId = true;
            });
            String[] tags = AnnotationValues.strings(doc, "tags");
            if (tags.length > 0) {
                model.tags.clear();
                model.tags.addAll(List.of(tags));
            }
            if (AnnotationValues.bool(doc, "deprecated", false)) {
                model.deprecated = true;
            }
            AnnotationValues.value(doc, "status").filter(v -> (Integer) v > 0)
                    .ifPresent(v -> model.status = (Integer) v);
        }
    }

    /** {@code method} and the methods it overrides in superclasses and interfaces, nearest first. */
    private static List<Method> declarations(Method method) {
        List<Method> found = new ArrayList<>();
        found.add(method);
        collect(method.getDeclaringClass(), method, found);
        return found;
    }

    private static void collect(Class<?> type, Method method, List<Method> found) {
        List<Class<?>> supers = new ArrayList<>(List.of(type.getInterfaces()));
        if (type.getSuperclass() != null && type.getSuperclass() != Object.class) {
            supers.add(0, type.getSuperclass());
        }
        for (Class<?> s : supers) {
            try {
                Method declared = s.getDeclaredMethod(method.getName(), method.getParameterTypes());
                if (!found.contains(declared)) {
                    found.add(declared);
                }
            } catch (NoSuchMethodException e) {
                // not declared there
            }
            collect(s, method, found);
        }
    }
}
