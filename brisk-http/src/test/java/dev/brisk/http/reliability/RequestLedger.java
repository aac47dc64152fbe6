package dev.brisk.http.reliability;

import dev.brisk.http.HttpHandler;
import dev.brisk.http.ServerRequest;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A handler that counts its invocations per request id and answers {@code 200 "ok <id>"}. The id is the raw
 * {@code id} query parameter, else the {@code x-id} header; a request with neither is counted under its method and
 * target, so that nothing which reaches the handler goes uncounted.
 */
final class RequestLedger implements HttpHandler {

    private static final Pattern ID = Pattern.compile("[?&]id=([A-Za-z0-9._-]+)");

    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    private final AtomicInteger total = new AtomicInteger();

    @Override
    public void handle(ServerRequest request) {
        String id = idOf(request);
        calls.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
        total.incrementAndGet();
        request.response().send("ok " + id);
    }

    private static String idOf(ServerRequest request) {
        Matcher matcher = ID.matcher(request.uri());
        if (matcher.find()) {
            return matcher.group(1);
        }
        return request.headers().first("x-id")
                .orElse("unidentified " + request.method() + " " + request.uri());
    }

    /** Invocations of every id starting with {@code prefix}, sorted by id. */
    Map<String, Integer> callsStartingWith(String prefix) {
        Map<String, Integer> result = new TreeMap<>();
        calls.forEach((id, count) -> {
            if (id.startsWith(prefix)) {
                result.put(id, count.get());
            }
        });
        return result;
    }

    /** Invocations of the handler since the server started, whatever the request. */
    int total() {
        return total.get();
    }
}
