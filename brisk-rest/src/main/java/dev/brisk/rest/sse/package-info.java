/**
 * Server-Sent Events: the stream a handler opens with {@code ctx.sse()} ({@link dev.brisk.rest.sse.SseSink}), its
 * events, and a broadcaster that sends the same events to many streams.
 */
package dev.brisk.rest.sse;
