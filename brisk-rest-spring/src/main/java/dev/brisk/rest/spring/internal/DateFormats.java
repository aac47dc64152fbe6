package dev.brisk.rest.spring.internal;

import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.format.AnnotationFormatterFactory;
import org.springframework.format.Parser;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.format.datetime.DateTimeFormatAnnotationFormatterFactory;
import org.springframework.format.datetime.standard.Jsr310DateTimeFormatAnnotationFormatterFactory;

import java.lang.reflect.AnnotatedElement;
import java.text.ParseException;
import java.util.Locale;
import java.util.function.Function;

/**
 * Spring's {@code @DateTimeFormat} ({@code pattern}, {@code iso}, {@code style}, {@code fallbackPatterns}) on
 * parameters and bound fields, parsed by Spring's own formatters (those of spring-context, which the annotation
 * comes from) in the server's default locale. Loaded only when spring-context is present.
 */
final class DateFormats {

    private static final AnnotationFormatterFactory<DateTimeFormat> JAVA_TIME =
            new Jsr310DateTimeFormatAnnotationFormatterFactory();
    private static final AnnotationFormatterFactory<DateTimeFormat> LEGACY =
            new DateTimeFormatAnnotationFormatterFactory();

    private DateFormats() {
    }

    /** The converter {@code @DateTimeFormat} on one of {@code elements} asks for, or null when none carries it. */
    static Function<String, Object> converterOrNull(Class<?> type, AnnotatedElement... elements) {
        for (AnnotatedElement element : elements) {
            if (element == null) {
                continue;
            }
            DateTimeFormat format = AnnotatedElementUtils.findMergedAnnotation(element, DateTimeFormat.class);
            if (format != null) {
                return converter(format, type, element);
            }
        }
        return null;
    }

    private static Function<String, Object> converter(DateTimeFormat format, Class<?> type, Object where) {
        AnnotationFormatterFactory<DateTimeFormat> factory = JAVA_TIME.getFieldTypes().contains(type) ? JAVA_TIME
                : LEGACY.getFieldTypes().contains(type) ? LEGACY : null;
        if (factory == null) {
            throw new IllegalArgumentException("@DateTimeFormat on " + where + " does not apply to "
                    + type.getName());
        }
        Parser<?> parser = factory.getParser(format, type);
        return text -> {
            try {
                return parser.parse(text.trim(), Locale.getDefault());
            } catch (ParseException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
        };
    }
}
