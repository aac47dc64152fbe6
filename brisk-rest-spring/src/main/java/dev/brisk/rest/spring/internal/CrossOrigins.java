package dev.brisk.rest.spring.internal;

import dev.brisk.rest.web.CorsConfig;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.web.bind.annotation.CrossOrigin;
import org.springframework.web.bind.annotation.RequestMethod;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The CORS rules of a handler method from {@code @CrossOrigin} on its class and on itself, combined as Spring MVC
 * combines them: origins, origin patterns, methods and headers of both are joined; {@code allowCredentials} and
 * {@code maxAge} of the method win over the class's. What neither sets keeps Spring's defaults and gives way to the
 * global rules (any origin, any header), except two settings Spring always fixes on annotated handlers: the methods
 * (those of the mapping, or {@code GET}, {@code HEAD} and {@code POST} for a mapping without methods) and the max-age
 * (30 minutes).
 */
final class CrossOrigins {

    private static final Duration SPRING_MAX_AGE = Duration.ofMinutes(30);

    private CrossOrigins() {
    }

    /**
     * The rules of {@code method}, or null when neither it nor its class is annotated.
     *
     * @param mappingMethods the methods the mapping declares (empty: none)
     * @throws IllegalArgumentException naming the method and the value Brisk cannot honour
     */
    static CorsConfig forMethod(Class<?> type, Method method, RequestMethod[] mappingMethods) {
        CrossOrigin onClass = AnnotatedElementUtils.findMergedAnnotation(type, CrossOrigin.class);
        CrossOrigin onMethod = AnnotatedElementUtils.findMergedAnnotation(method, CrossOrigin.class);
        if (onClass == null && onMethod == null) {
            return null;
        }
        try {
            Settings settings = new Settings();
            settings.add(onClass);
            settings.add(onMethod);
            return settings.build(mappingMethods);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("@CrossOrigin of " + method + ": " + e.getMessage(), e);
        }
    }

    /** The settings of one or two annotations, joined in order. */
    private static final class Settings {
        private final List<String> origins = new ArrayList<>();
        private final List<String> originPatterns = new ArrayList<>();
        private final List<String> methods = new ArrayList<>();
        private final List<String> allowedHeaders = new ArrayList<>();
        private final List<String> exposedHeaders = new ArrayList<>();
        private Boolean allowCredentials;
        private Duration maxAge;

        void add(CrossOrigin annotation) {
            if (annotation == null) {
                return;
            }
            values("origins", annotation.origins(), origins);
            values("originPatterns", annotation.originPatterns(), originPatterns);
            for (RequestMethod method : annotation.methods()) {
                methods.add(method.name());
            }
            values("allowedHeaders", annotation.allowedHeaders(), allowedHeaders);
            values("exposedHeaders", annotation.exposedHeaders(), exposedHeaders);
            Boolean credentials = flag("allowCredentials", annotation.allowCredentials());
            if (credentials != null) {
                allowCredentials = credentials;
            }
            if (Boolean.TRUE.equals(flag("allowPrivateNetwork", annotation.allowPrivateNetwork()))) {
                throw new IllegalArgumentException("allowPrivateNetwork = \"true\" is not supported: Brisk does not "
                        + "answer private network access preflights");
            }
            if (annotation.maxAge() >= 0) {
                maxAge = Duration.ofSeconds(annotation.maxAge());
            }
        }

        CorsConfig build(RequestMethod[] mappingMethods) {
            CorsConfig.Builder builder = CorsConfig.builder();
            if (!origins.isEmpty() || !originPatterns.isEmpty()) {
                if (!origins.isEmpty()) {
                    builder.allowedOrigins(origins.toArray(String[]::new));
                }
                if (!originPatterns.isEmpty()) {
                    builder.allowedOriginPatterns(originPatterns.toArray(String[]::new));
                }
            }
            if (!methods.isEmpty()) {
                builder.allowedMethods(methods.toArray(String[]::new));
            } else if (mappingMethods.length > 0) {
                builder.allowedMethods(Arrays.stream(mappingMethods).map(Enum::name).toArray(String[]::new));
            } else {
                builder.allowedMethods("GET", "HEAD", "POST");
            }
            if (!allowedHeaders.isEmpty()) {
                builder.allowedHeaders(allowedHeaders.toArray(String[]::new));
            }
            if (!exposedHeaders.isEmpty()) {
                builder.exposedHeaders(exposedHeaders.toArray(String[]::new));
            }
            if (allowCredentials != null) {
                builder.allowCredentials(allowCredentials);
            }
            builder.maxAge(maxAge != null ? maxAge : SPRING_MAX_AGE);
            return builder.build();
        }

        /**
         * Adds the values, split at commas (outside port lists in brackets) as Spring splits origins; placeholders
         * cannot be resolved here.
         */
        private static void values(String attribute, String[] values, List<String> into) {
            for (String value : values) {
                noPlaceholder(attribute, value);
                int start = 0;
                boolean inBrackets = false;
                for (int i = 0; i <= value.length(); i++) {
                    char c = i < value.length() ? value.charAt(i) : ',';
                    if (c == '[') {
                        inBrackets = true;
                    } else if (c == ']') {
                        inBrackets = false;
                    } else if (c == ',' && !inBrackets) {
                        String part = value.substring(start, i).trim();
                        if (!part.isEmpty()) {
                            into.add(part);
                        }
                        start = i + 1;
                    }
                }
            }
        }

        /** {@code "true"}, {@code "false"} or {@code ""} (unset), as Spring reads these attributes. */
        private static Boolean flag(String attribute, String value) {
            noPlaceholder(attribute, value);
            String trimmed = value.trim().toLowerCase(Locale.ROOT);
            return switch (trimmed) {
                case "true" -> Boolean.TRUE;
                case "false" -> Boolean.FALSE;
                case "" -> null;
                default -> throw new IllegalArgumentException(attribute + " must be \"true\", \"false\" or \"\", not \""
                        + value + "\"");
            };
        }

        private static void noPlaceholder(String attribute, String value) {
            if (value.contains("${")) {
                throw new IllegalArgumentException(attribute + " \"" + value + "\" holds a placeholder: Brisk does "
                        + "not resolve properties in annotations, write the value itself");
            }
        }
    }
}
