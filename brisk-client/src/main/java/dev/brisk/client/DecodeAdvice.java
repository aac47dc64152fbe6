package dev.brisk.client;

/**
 * Runs around {@link HttpResponse#bodyAs(Class)} and its siblings: before {@link DecodeContext#next()} it may inspect
 * the response and the target type and replace the bytes to decode; after it, inspect the decoded value or return
 * another (to unwrap an envelope, decrypt, or check a signature, say).
 *
 * <p>Advices run in ascending {@link #order()}, those added on the builder before those found through
 * {@link java.util.ServiceLoader} or returned by a {@link ClientExtensionFactory} at equal order, on the thread that
 * calls {@code bodyAs}, once per call of it. {@link HttpResponse#bodyAsBytes()} and
 * {@link HttpResponse#bodyAsString()} are not advised. An exception thrown by an advice is thrown by {@code bodyAs}.
 *
 * <pre>{@code
 * DecodeAdvice decrypt = context -> {
 *     if (context.response().header("X-Encrypted").isPresent()) {
 *         context.body(cipher.decrypt(context.body()));
 *     }
 *     return context.next();
 * };
 * }</pre>
 */
@FunctionalInterface
public interface DecodeAdvice {

    /** Decodes the body of {@code context.response()}: returns {@code context.next()}, or a replacement. */
    Object aroundDecode(DecodeContext context);

    /** Position among the decode advices, lower first; default 0. */
    default int order() {
        return 0;
    }
}
