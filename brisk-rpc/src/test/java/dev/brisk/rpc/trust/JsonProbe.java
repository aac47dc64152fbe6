package dev.brisk.rpc.trust;

import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** What the JSON face test calls: values whose class a JSON body might try to choose. */
public interface JsonProbe {

    /** The class of what arrived for a parameter declared {@code Object}. */
    String kind(Object value);

    /** The class of {@link Boxed#inner()}, a field that asks for class names in JSON. */
    String inner(Boxed boxed);

    record Boxed(@JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) Object inner) {
    }
}
