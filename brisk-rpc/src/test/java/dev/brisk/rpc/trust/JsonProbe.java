package dev.brisk.rpc.trust;

import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** What the JSON face test calls: values whose class a JSON body might try to choose. */
public interface JsonProbe {

    /** The class of what arrived for a parameter declared {@code Object}. */
    String kind(Object value);

    /** The class of {@link Boxed#inner()}, a field that asks for class names in JSON. */
    String inner(Boxed boxed);

    /** The class of {@link Held#shape()}, a field of an application interface that asks for class names in JSON. */
    String held(Held held);

    record Boxed(@JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) Object inner) {
    }

    record Held(@JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) TrustService.Shape shape) {
    }

    /** A shape no one should make from JSON: counts its constructions with the {@link Canary}. */
    final class CanaryShape implements TrustService.Shape {

        public CanaryShape() {
            Canary.SIGNS.incrementAndGet();
        }

        @Override
        public double area() {
            return 0;
        }
    }
}
