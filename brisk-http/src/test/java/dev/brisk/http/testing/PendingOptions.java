package dev.brisk.http.testing;

import dev.brisk.http.HttpServer;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;

/**
 * Sets the deadline options that {@link HttpServer.Builder} is gaining ({@code handshakeTimeout},
 * {@code bodyReadTimeout}, {@code writeTimeout}, {@code settingsAckTimeout}) by name, so that the tests written
 * against them compile before the options exist. While an option is missing, the test that needs it fails with a
 * message naming it; once every option is in, calls of this class can become plain builder calls.
 */
public final class PendingOptions {

    private PendingOptions() {
    }

    /** Calls {@code builder.<option>(value)}; fails the test when the builder has no such option. */
    public static HttpServer.Builder set(HttpServer.Builder builder, String option, Duration value) {
        Method method;
        try {
            method = HttpServer.Builder.class.getMethod(option, Duration.class);
        } catch (NoSuchMethodException e) {
            throw new AssertionError("HttpServer.Builder has no " + option + "(Duration): this test needs that "
                    + "option of the server", e);
        }
        try {
            return (HttpServer.Builder) method.invoke(builder, value);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof RuntimeException runtime ? runtime : new IllegalStateException(e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
