package dev.brisk.openapi.internal;

import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.Optional;

/**
 * JAX-RS resource method parameters: {@code @PathParam}, {@code @QueryParam}, {@code @HeaderParam},
 * {@code @CookieParam}, {@code @FormParam}, the fields and setters of a {@code @BeanParam}, and the entity parameter.
 */
final class JaxRsParameters {

    private static final String RS = "jakarta.ws.rs.";
    private static final String[][] BINDINGS = {{"PathParam", "path"}, {"QueryParam", "query"},
            {"HeaderParam", "header"}, {"CookieParam", "cookie"}};

    private JaxRsParameters() {
    }

    static void read(Type type, String parameterName, Annotation[] annotations, OperationModel model) {
        if (binding(type, annotations, model)) {
            return;
        }
        if (AnnotationValues.find(annotations, RS + "BeanParam").isPresent()) {
            beanParam(ReturnTypes.raw(type), model);
            return;
        }
        for (Annotation a : annotations) {
            if (a.annotationType().getName().startsWith(RS)) {
                return; // @Context, @Suspended, @MatrixParam...
            }
        }
        Class<?> raw = ReturnTypes.raw(type);
        if (raw != null && !SpringParameters.framework(raw)) {
            model.requestBody = type; // the entity parameter
            model.requestBodyRequired = raw != Optional.class;
        }
    }

    /** A parameter, form field or bean parameter member with a binding annotation; false if it has none. */
    private static boolean binding(Type type, Annotation[] annotations, OperationModel model) {
        String defaultValue = AnnotationValues.find(annotations, RS + "DefaultValue")
                .flatMap(a -> AnnotationValues.string(a, "value")).orElse(null);
        for (String[] binding : BINDINGS) {
            Optional<Annotation> found = AnnotationValues.find(annotations, RS + binding[0]);
            if (found.isPresent()) {
                String name = AnnotationValues.string(found.get(), "value").orElse("arg");
                boolean required = binding[1].equals("path");
                model.param(new OperationModel.Param(binding[1], name, type, required, null, defaultValue,
                        annotations));
                return true;
            }
        }
        Optional<Annotation> form = AnnotationValues.find(annotations, RS + "FormParam");
        if (form.isPresent()) {
            model.formFields.put(AnnotationValues.string(form.get(), "value").orElse("arg"), type);
            return true;
        }
        return false;
    }

    private static void beanParam(Class<?> bean, OperationModel model) {
        if (bean == null) {
            return;
        }
        for (Class<?> c = bean; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                binding(field.getGenericType(), field.getAnnotations(), model);
            }
            for (Method method : c.getDeclaredMethods()) {
                if (method.getParameterCount() == 1) {
                    binding(method.getGenericParameterTypes()[0], method.getAnnotations(), model);
                }
            }
        }
        for (var constructor : bean.getDeclaredConstructors()) {
            Type[] types = constructor.getGenericParameterTypes();
            Annotation[][] annotations = constructor.getParameterAnnotations();
            if (annotations.length == types.length) {
                for (int i = 0; i < types.length; i++) {
                    binding(types[i], annotations[i], model);
                }
            }
        }
    }
}
