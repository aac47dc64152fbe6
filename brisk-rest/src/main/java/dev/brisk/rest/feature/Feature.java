package dev.brisk.rest.feature;

/**
 * An optional part of a server (OpenAPI documents, metrics, request collapsing, and the built-in protection,
 * observability and web features) that installs itself while the server is built:
 *
 * <pre>{@code
 * Brisk.server().feature(openApi).feature(metrics).feature(ctx -> ctx.onStart(s -> log(s.port()))).start();
 * }</pre>
 *
 * <p>A feature is given a {@link FeatureContext}, not the server's builder: the context holds only what a feature may
 * contribute (routes, filters, interceptors, observers, exception handlers, start and stop hooks), so a feature cannot
 * undo the application's port, TLS or another feature's settings, and the builder may change without breaking
 * features. Installing runs once per server built, on the building thread, before anything is bound.
 *
 * <p>Order: the built-in features set through {@code protection(..)}, {@code observability(..)} and {@code web(..)}
 * install first, then the features in the order they were added. What a feature adds comes after what the builder was
 * given directly, in that order: its filters and interceptors run after the application's own.
 */
@FunctionalInterface
public interface Feature {

    /** Adds what this feature needs to the server being built. */
    void install(FeatureContext context);
}
