package dev.brisk.openapi.internal;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Reads an annotated controller's handler method into an {@link OperationModel}: its parameters (Spring MVC or JAX-RS
 * annotations, also when they sit on an interface or superclass method it overrides), request body, result type,
 * status, tags and texts.
 */
final class HandlerMethods {

    private static final String JAXRS = "jakarta.ws.rs.";
    private static final String DOC = "dev.brisk.openapi.OperationDoc";
    private static final String SWAGGER_OPERATION = "io.swagger.v3.oas.annotations.Operation";

    private HandlerMethods() {
    }

    static void read(Method method, OperationModel model, Schemas schemas) {
        List<Method> declarations = declarations(method);
        boolean jaxrs = declarations.stream().anyMatch(HandlerMethods::isJaxRs);
        Type[] types = method.getGenericParameterTypes();
        String[] names = Arrays.stream(method.getParameters()).map(p -> p.isNamePresent() ? p.getName() : null)
                .toArray(String[]::new);
        for (int i = 0; i < types.length; i++) {
            Annotation[] annotations = parameterAnnotations(declarations, i);
            if (jaxrs) {
                JaxRsParameters.read(types[i], names[i], annotations, model);
            } else {
                SpringParameters.read(types[i], names[i], annotations, model, schemas);
            }
        }
        Type result = ReturnTypes.body(method.getGenericReturnType());
        model.responseKnown = true;
        if (result == void.class && jaxrs && answersLater(method)) {
            // an @Suspended AsyncResponse or an SseEventSink answers later, with a body the signature does not tell
            model.responseKnown = false;
        } else if (result == void.class) {
            model.response = null;
            model.status = jaxrs ? 204 : 200;
        } else if (ReturnTypes.unknown(result)) {
            model.responseKnown = false;
        } else {
            model.response = result;
        }
        if (!jaxrs) {
            SpringParameters.responseStatus(method).ifPresent(status -> model.status = status);
        }
        model.operationId = method.getName();
        model.tags.add(method.getDeclaringClass().getSimpleName());
        model.deprecated = declarations.stream().anyMatch(m -> m.isAnnotationPresent(Deprecated.class))
                || method.getDeclaringClass().isAnnotationPresent(Deprecated.class);
        texts(method, model);
    }

    /** Whether a JAX-RS method takes what it answers through later: an {@code AsyncResponse} or an event sink. */
    private static boolean answersLater(Method method) {
        for (Class<?> type : method.getParameterTypes()) {
            String name = type.getName();
            if (name.equals("jakarta.ws.rs.container.AsyncResponse") || name.equals("jakarta.ws.rs.sse.SseEventSink")) {
                return true;
            }
        }
        return false;
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

    private static boolean isJaxRs(Method method) {
        for (Annotation a : method.getAnnotations()) {
            if (a.annotationType().getName().startsWith(JAXRS)) {
                return true;
            }
        }
        return AnnotationValues.find(method.getDeclaringClass(), JAXRS + "Path").isPresent();
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

    private static Annotation[] parameterAnnotations(List<Method> declarations, int index) {
        List<Annotation> all = new ArrayList<>();
        for (Method m : declarations) {
            all.addAll(List.of(m.getParameterAnnotations()[index]));
        }
        return all.toArray(new Annotation[0]);
    }
}
