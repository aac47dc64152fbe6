package dev.brisk.rest.internal;

import dev.brisk.rest.ExceptionHandler;

import java.util.Map;

/** Exception handlers by type; the handler of the closest superclass of a thrown exception wins. */
final class ExceptionHandlers {

    private final Map<Class<? extends Throwable>, ExceptionHandler<?>> handlers;
    private final ClassValue<ExceptionHandler<?>> resolved = new ClassValue<>() {
        @Override
        protected ExceptionHandler<?> computeValue(Class<?> type) {
            for (Class<?> c = type; c != null; c = c.getSuperclass()) {
                ExceptionHandler<?> handler = handlers.get(c);
                if (handler != null) {
                    return handler;
                }
            }
            return null;
        }
    };

    ExceptionHandlers(Map<Class<? extends Throwable>, ExceptionHandler<?>> handlers) {
        this.handlers = Map.copyOf(handlers);
    }

    /** The handler for {@code error}, or null. */
    @SuppressWarnings("unchecked")
    ExceptionHandler<Throwable> find(Throwable error) {
        return handlers.isEmpty() ? null : (ExceptionHandler<Throwable>) resolved.get(error.getClass());
    }
}
