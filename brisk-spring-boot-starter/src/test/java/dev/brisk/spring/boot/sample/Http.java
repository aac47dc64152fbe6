package dev.brisk.spring.boot.sample;

import java.net.URI;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClient;

/** A Spring {@link RestClient} against a running server that returns every response, errors included. */
public final class Http {

    private final RestClient client;
    private final String baseUrl;

    public Http(int port) {
        this("http://localhost:" + port);
    }

    public Http(String baseUrl) {
        this.baseUrl = baseUrl;
        this.client = RestClient.builder().build();
    }

    /** GET {@code path}, taken as it is (already percent-encoded, no URI template). */
    public ResponseEntity<String> get(String path, String... headers) {
        return client.get().uri(URI.create(path.startsWith("http") ? path : baseUrl + path)).headers(h -> add(h, headers)).retrieve()
                .onStatus(status -> true, (request, response) -> { })
                .toEntity(String.class);
    }

    public ResponseEntity<String> post(String path, String json) {
        return client.post().uri(URI.create(baseUrl + path)).contentType(MediaType.APPLICATION_JSON).body(json).retrieve()
                .onStatus(status -> true, (request, response) -> { })
                .toEntity(String.class);
    }

    private static void add(HttpHeaders target, String... headers) {
        for (int i = 0; i < headers.length; i += 2) {
            target.add(headers[i], headers[i + 1]);
        }
    }
}
