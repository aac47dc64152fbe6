package dev.brisk.http.websocket;

import dev.brisk.http.WebSocketEndpoint;
import dev.brisk.http.WebSocketSession;
import io.netty.buffer.ByteBuf;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** Echoes every message and records what happened, as lines like {@code open}, {@code text:hi}, {@code close:1000}. */
class EchoEndpoint implements WebSocketEndpoint {

    final BlockingQueue<String> events = new LinkedBlockingQueue<>();

    @Override
    public void onOpen(WebSocketSession session) {
        events.add("open");
    }

    @Override
    public void onText(WebSocketSession session, String text) {
        events.add("text:" + text);
        session.sendText(text);
    }

    @Override
    public void onBinary(WebSocketSession session, ByteBuf data) {
        events.add("binary:" + data.readableBytes());
        session.sendBinary(data.retain());
    }

    @Override
    public void onPong(WebSocketSession session, ByteBuf data) {
        events.add("pong:" + data.toString(StandardCharsets.UTF_8));
    }

    @Override
    public void onError(WebSocketSession session, Throwable error) {
        events.add("error:" + error.getClass().getSimpleName());
    }

    @Override
    public void onClose(WebSocketSession session, int code, String reason) {
        events.add("close:" + code);
    }

    /** The next event that starts with {@code prefix}, skipping others; fails after 10 s. */
    String next(String prefix) throws InterruptedException {
        while (true) {
            String event = events.poll(10, TimeUnit.SECONDS);
            if (event == null) {
                throw new AssertionError("no event starting with " + prefix);
            }
            if (event.startsWith(prefix)) {
                return event;
            }
        }
    }
}
