package dev.brisk.rest.jaxrs.sample;

import jakarta.ws.rs.ext.ParamConverter;
import jakarta.ws.rs.ext.ParamConverterProvider;
import jakarta.ws.rs.ext.Provider;

import java.lang.annotation.Annotation;
import java.lang.reflect.Type;

/**
 * Converts request parameters to {@link Isbn}. A malformed ISBN makes the converter throw, which the runtime answers
 * with 404 for a {@code @PathParam} (Jakarta REST 3.1, section 3.2).
 */
@Provider
public class IsbnConverterProvider implements ParamConverterProvider {

    @Override
    @SuppressWarnings("unchecked")
    public <T> ParamConverter<T> getConverter(Class<T> rawType, Type genericType, Annotation[] annotations) {
        if (rawType != Isbn.class) {
            return null;
        }
        return (ParamConverter<T>) new ParamConverter<Isbn>() {
            @Override
            public Isbn fromString(String value) {
                if (value == null) {
                    throw new IllegalArgumentException("no ISBN");
                }
                return Isbn.parse(value);
            }

            @Override
            public String toString(Isbn isbn) {
                return isbn.digits();
            }
        };
    }
}
