package dev.brisk.openapi.internal;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.Map;
import java.util.Optional;

/** Spring MVC handler parameters ({@code @PathVariable}, {@code @RequestParam}...) and {@code @ResponseStatus}. */
final class SpringParameters {

    private static final String WEB = "org.springframework.web.bind.annotation.";
    /** Spring's {@code ValueConstants.DEFAULT_NONE}: no default value given. */
    private static final String DEFAULT_NONE = "\n\t\t\n\t\t\n\uE000\uE001\uE002\n\t\t\t\t\n";

    private SpringParameters() {
    }

    static void read(Type type, String parameterName, Annotation[] annotations, OperationModel model,
                     Schemas schemas) {
        Class<?> raw = ReturnTypes.raw(type);
        boolean optional = raw == Optional.class;
        Optional<Annotation> path = AnnotationValues.find(annotations, WEB + "PathVariable");
        if (path.isPresent()) {
            if (!Map.class.isAssignableFrom(raw)) {
                String name = name(path.get(), parameterName);
                model.param(new OperationModel.Param("path", name, type, true, null, null, annotations));
            }
            return;
        }
        for (String[] binding : new String[][]{{"RequestParam", "query"}, {"RequestHeader", "header"},
                {"CookieValue", "cookie"}}) {
            Optional<Annotation> found = AnnotationValues.find(annotations, WEB + binding[0]);
            if (found.isPresent()) {
                Annotation a = found.get();
                if (Map.class.isAssignableFrom(raw) || isMultipart(raw) || raw.getName().startsWith("org.spring")) {
                    return;
                }
                String defaultValue = AnnotationValues.value(a, "defaultValue").map(Object::toString)
                        .filter(v -> !v.equals(DEFAULT_NONE)).orElse(null);
                boolean required = AnnotationValues.bool(a, "required", true) && defaultValue == null && !optional;
                model.param(new OperationModel.Param(binding[1], name(a, parameterName), type, required, null,
                        defaultValue, annotations));
                return;
            }
        }
        Optional<Annotation> body = AnnotationValues.find(annotations, WEB + "RequestBody");
        if (body.isPresent()) {
            model.requestBody = type;
            model.requestBodyRequired = AnnotationValues.bool(body.get(), "required", true) && !optional;
            return;
        }
        for (Annotation a : annotations) {
            String name = a.annotationType().getName();
            if (name.startsWith(WEB) && !name.equals(WEB + "ModelAttribute")) {
                return; // request attributes, session attributes, matrix variables, parts: not parameters
            }
        }
        if (raw == null || framework(raw) || isMultipart(raw)) {
            return;
        }
        // as Spring binds it: a simple value from the query parameter of its name, an object from query parameters
        if (schemas.isSimple(type) || schemas.isArray(type)) {
            if (parameterName != null) {
                model.param(new OperationModel.Param("query", parameterName, type, false, null, null,
                        annotations));
            }
        } else {
            schemas.properties(type).forEach((name, property) -> model.param(new OperationModel.Param("query", name,
                    property.type(), property.required(), null, null, property.annotations())));
        }
    }

    /** The status of {@code @ResponseStatus} on the method or its class. */
    static Optional<Integer> responseStatus(Method method) {
        Optional<Annotation> found = AnnotationValues.find(method, WEB + "ResponseStatus")
                .or(() -> AnnotationValues.find(method.getDeclaringClass(), WEB + "ResponseStatus"));
        return found.flatMap(a -> status(a, "code").or(() -> status(a, "value")));
    }

    private static Optional<Integer> status(Annotation a, String element) {
        return AnnotationValues.value(a, element).flatMap(status -> {
            try {
                int code = (Integer) status.getClass().getMethod("value").invoke(status);
                return code == 500 && element.equals("code") ? Optional.empty() : Optional.of(code);
            } catch (ReflectiveOperationException | RuntimeException e) {
                return Optional.empty();
            }
        });
    }

    private static String name(Annotation a, String parameterName) {
        return AnnotationValues.string(a, "name").or(() -> AnnotationValues.string(a, "value"))
                .orElse(parameterName == null ? "arg" : parameterName);
    }

    private static boolean isMultipart(Class<?> raw) {
        return raw.getName().equals("org.springframework.web.multipart.MultipartFile")
                || raw.getName().equals("jakarta.servlet.http.Part") || raw.getName().equals("dev.brisk.rest.Part");
    }

    /** Types Spring resolves from the request or the context rather than from parameters. */
    static boolean framework(Class<?> raw) {
        String name = raw.getName();
        return name.startsWith("org.springframework.") || name.startsWith("jakarta.servlet.")
                || name.startsWith("javax.servlet.") || name.startsWith("dev.brisk.rest.")
                || name.startsWith("dev.brisk.http.") || name.startsWith("io.netty.")
                || name.startsWith("java.io.") || name.startsWith("java.security.") || name.equals("java.util.Locale")
                || name.equals("java.util.TimeZone") || name.equals("java.time.ZoneId")
                || name.startsWith("jakarta.ws.rs.") || name.startsWith("java.util.Map")
                || name.startsWith("java.util.function.");
    }
}
