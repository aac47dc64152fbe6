package dev.brisk.test.internal;

import dev.brisk.test.TestClient;
import dev.brisk.test.TestRequest;
import dev.brisk.test.TestResponse;
import io.netty.handler.codec.http.HttpMethod;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** A {@link TestClient} over a real socket, with the JDK's HTTP/1.1 client. */
public final class SocketClient implements TestClient {

    /** Headers the JDK client does not let a caller set; they are sent by the client itself. */
    private static final Set<String> RESTRICTED = Set.of("connection", "content-length", "expect", "host", "upgrade");

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private final String base;

    public SocketClient(String base) {
        this.base = base;
    }

    @Override
    public TestRequest request(HttpMethod method, String path) {
        return new TestRequest(method.name(), path, this::send);
    }

    private TestResponse send(TestRequest request) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + request.path()))
                .timeout(request.timeout())
                .method(request.method(), request.body().length == 0 && !request.method().equals("POST")
                        && !request.method().equals("PUT") ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(request.body()));
        for (String[] header : request.headers()) {
            if (!RESTRICTED.contains(header[0].toLowerCase(Locale.ROOT))) {
                builder.header(header[0], header[1]);
            }
        }
        try {
            HttpResponse<byte[]> response = CLIENT.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
            Map<String, List<String>> headers = new LinkedHashMap<>();
            response.headers().map().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT),
                    List.copyOf(values)));
            return new TestResponse(response.statusCode(), headers, response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
