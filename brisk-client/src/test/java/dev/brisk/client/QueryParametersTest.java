package dev.brisk.client;

import dev.brisk.http.HttpServer;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import java.util.Arrays;
import static org.assertj.core.api.Assertions.assertThat;

/** query(...): null values, collections, arrays and maps, as the server receives them. */
class QueryParametersTest extends ClientTestSupport {

    private HttpServer echoTarget() {
        return server(request -> request.response().header("Content-Type", "text/plain").send(request.uri()));
    }

    @Test
    void aNullValueSendsTheNameAlone() {
        HttpServer server = echoTarget();

        String target = client().get(url(server, "/q")).query("flag", null).query("a", 1).send().bodyAsString();

        assertThat(target).isEqualTo("/q?flag&a=1");
    }

    @Test
    void iterablesAndArraysSendTheNameOncePerElement() {
        HttpServer server = echoTarget();

        String target = client().get(url(server, "/q")).query("id", List.of(1, 2, 3))
                .query("tag", new String[] {"a b", "c&d"}).query("n", new int[] {7, 8})
                .query("none", List.of()).query("mixed", Arrays.asList("x", null)).send().bodyAsString();

        assertThat(target).isEqualTo("/q?id=1&id=2&id=3&tag=a%20b&tag=c%26d&n=7&n=8&mixed=x&mixed");
    }

    @Test
    void aMapAddsEveryEntryByTheSameRules() {
        HttpServer server = echoTarget();
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("q", "zoë");
        parameters.put("debug", null);
        parameters.put("page", List.of(1, 2));

        String target = client().get(url(server, "/q?fixed=1")).query(parameters).send().bodyAsString();

        assertThat(target).isEqualTo("/q?fixed=1&q=zo%C3%AB&debug&page=1&page=2");
    }

    @Test
    void theServerReadsTheValuesBack() {
        HttpServer server = server(request -> request.response().header("Content-Type", "text/plain")
                .send(request.queryAll("id") + " " + request.query("flag").orElse("absent")));

        String seen = client().get(url(server, "/q")).query("id", List.of("1", "2")).query("flag", null).send()
                .bodyAsString();

        assertThat(seen).isEqualTo("[1, 2] ");
    }
}
