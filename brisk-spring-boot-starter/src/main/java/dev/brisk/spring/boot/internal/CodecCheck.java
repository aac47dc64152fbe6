package dev.brisk.spring.boot.internal;

import dev.brisk.codec.Codecs;
import dev.brisk.codec.MediaType;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.ResolvableType;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.http.HttpEntity;
import org.springframework.stereotype.Controller;
import org.springframework.util.ClassUtils;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;

import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * Fails the start, naming the method, when a Spring controller declares a media type it {@code produces} (or a
 * {@code @RequestBody} it {@code consumes}) that no codec can write (or read) for its type: a missing codec shows up
 * when the application starts, not on the first request.
 */
final class CodecCheck {

    private static final List<Class<?>> ANY_TYPE = List.of(void.class, Void.class, Object.class, String.class,
            CharSequence.class, byte[].class);

    private CodecCheck() {
    }

    static void verify(List<Object> controllers, Codecs codecs) {
        for (Object controller : controllers) {
            Class<?> type = ClassUtils.getUserClass(controller);
            if (!AnnotatedElementUtils.hasAnnotation(type, Controller.class)) {
                continue;
            }
            RequestMapping classMapping = AnnotatedElementUtils.findMergedAnnotation(type, RequestMapping.class);
            Map<Method, RequestMapping> methods = MethodIntrospector.selectMethods(type,
                    (MethodIntrospector.MetadataLookup<RequestMapping>) method ->
                            AnnotatedElementUtils.findMergedAnnotation(method, RequestMapping.class));
            methods.forEach((method, mapping) -> {
                String[] produces = mapping.produces().length > 0 || classMapping == null ? mapping.produces()
                        : classMapping.produces();
                checkResult(method, produces, codecs);
                String[] consumes = mapping.consumes().length > 0 || classMapping == null ? mapping.consumes()
                        : classMapping.consumes();
                for (Parameter parameter : method.getParameters()) {
                    if (parameter.isAnnotationPresent(RequestBody.class)) {
                        checkBody(method, parameter, consumes, codecs);
                    }
                }
            });
        }
    }

    private static void checkResult(Method method, String[] produces, Codecs codecs) {
        Class<?> body = bodyType(ResolvableType.forMethodReturnType(method));
        List<MediaType> types = concrete(produces);
        if (body == null || types.isEmpty()) {
            return;
        }
        if (types.stream().noneMatch(type -> codecs.encoder(body, type).isPresent())) {
            throw new IllegalStateException("no codec writes " + body.getName() + " as " + types + ", which "
                    + method.getDeclaringClass().getSimpleName() + "." + method.getName() + " produces: add a "
                    + "BodyCodec bean for it, or change produces");
        }
    }

    private static void checkBody(Method method, Parameter parameter, String[] consumes, Codecs codecs) {
        Class<?> body = ResolvableType.forClass(parameter.getType()).resolve();
        List<MediaType> types = concrete(consumes);
        if (body == null || types.isEmpty() || ANY_TYPE.contains(body)) {
            return;
        }
        Type generic = parameter.getParameterizedType();
        if (types.stream().noneMatch(type -> codecs.decoder(generic, type).isPresent())) {
            throw new IllegalStateException("no codec reads " + types + " into " + body.getName() + ", the body "
                    + "parameter '" + parameter.getName() + "' of " + method.getDeclaringClass().getSimpleName()
                    + "." + method.getName() + ": add a BodyCodec bean for it, or change consumes");
        }
    }

    /** The type written as the body: ResponseEntity, Optional and futures unwrapped; null when anything may be. */
    private static Class<?> bodyType(ResolvableType type) {
        Class<?> raw = type.resolve();
        while (raw != null && (HttpEntity.class.isAssignableFrom(raw) || Optional.class == raw
                || CompletionStage.class.isAssignableFrom(raw)
                || raw.getName().equals("dev.brisk.rest.ResponseEntity"))) {
            type = type.getGeneric(0);
            raw = type.resolve();
        }
        return raw == null || ANY_TYPE.contains(raw) ? null : raw;
    }

    private static List<MediaType> concrete(String[] mediaTypes) {
        return Arrays.stream(mediaTypes).map(MediaType::parse)
                .filter(type -> !type.isWildcardType() && !type.isWildcardSubtype()).toList();
    }
}
