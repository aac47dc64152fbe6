package dev.brisk.rest.jaxrs.internal;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.InterceptorContext;

import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.Collection;
import java.util.Objects;

/** What reader and writer interceptor contexts share: the entity's type, annotations, media type and properties. */
abstract class InterceptorContextBase implements InterceptorContext {

    private final Exchange exchange;
    private Class<?> type;
    private Type genericType;
    private Annotation[] annotations;
    private MediaType mediaType;

    InterceptorContextBase(Exchange exchange, Class<?> type, Type genericType, Annotation[] annotations,
                           MediaType mediaType) {
        this.exchange = exchange;
        this.type = type;
        this.genericType = genericType;
        this.annotations = annotations;
        this.mediaType = mediaType;
    }

    @Override
    public Object getProperty(String name) {
        return exchange.getProperty(name);
    }

    @Override
    public Collection<String> getPropertyNames() {
        return exchange.getPropertyNames();
    }

    @Override
    public void setProperty(String name, Object object) {
        exchange.setProperty(name, object);
    }

    @Override
    public void removeProperty(String name) {
        exchange.removeProperty(name);
    }

    @Override
    public Annotation[] getAnnotations() {
        return annotations;
    }

    @Override
    public void setAnnotations(Annotation[] annotations) {
        this.annotations = Objects.requireNonNull(annotations, "annotations");
    }

    @Override
    public Class<?> getType() {
        return type;
    }

    @Override
    public void setType(Class<?> type) {
        this.type = type;
    }

    @Override
    public Type getGenericType() {
        return genericType;
    }

    @Override
    public void setGenericType(Type genericType) {
        this.genericType = genericType;
    }

    @Override
    public MediaType getMediaType() {
        return mediaType;
    }

    @Override
    public void setMediaType(MediaType mediaType) {
        this.mediaType = mediaType;
    }
}
