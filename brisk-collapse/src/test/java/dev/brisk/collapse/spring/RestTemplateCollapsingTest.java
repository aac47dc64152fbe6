package dev.brisk.collapse.spring;

import dev.brisk.collapse.HoldingServer;
import dev.brisk.collapse.HttpCollapseOptions;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestTemplate;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link CollapsingRequestInterceptor} in a {@code RestTemplate} over {@code HttpURLConnection}. */
class RestTemplateCollapsingTest extends BlockingClientCollapsingTest {

    private RestTemplate template;

    @Override
    void client(HttpCollapseOptions options) {
        collapsing = CollapsingRequestInterceptor.create(options);
        template = new RestTemplate();
        template.getInterceptors().add(collapsing);
    }

    @Override
    Future<ResponseEntity<String>> get(String path, String... headers) {
        HttpHeaders fields = new HttpHeaders();
        for (int i = 0; i < headers.length; i += 2) {
            fields.add(headers[i], headers[i + 1]);
        }
        return caller(() -> template.exchange(backend.url(path), HttpMethod.GET, new HttpEntity<>(fields),
                String.class));
    }

    @Override
    Future<String> post(String path, String body) {
        return caller(() -> template.postForObject(backend.url(path), body, String.class));
    }

    @Test
    void eachCallerGetsABodyOfItsOwn() throws Exception {
        client(HttpCollapseOptions.DEFAULT);
        List<Future<ResponseEntity<byte[]>>> calls = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            calls.add(caller(() -> template.exchange(backend.url("/hot"), HttpMethod.GET, null, byte[].class)));
        }
        HoldingServer.awaitCallers(this::stats, 5);

        backend.answer(1, HoldingServer::sharedBody);

        List<byte[]> bodies = new ArrayList<>();
        for (Future<ResponseEntity<byte[]>> call : calls) {
            bodies.add(call.get(10, TimeUnit.SECONDS).getBody());
        }
        bodies.get(0)[0] = 'X';
        assertThat(bodies.subList(1, 5)).allSatisfy(body -> assertThat(body).asString().isEqualTo("shared body"));
        assertThat(backend.received()).hasValue(1);
    }
}
