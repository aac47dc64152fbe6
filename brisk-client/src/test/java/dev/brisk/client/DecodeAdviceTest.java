package dev.brisk.client;

import dev.brisk.http.HttpServer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import java.util.Map;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Decode advice through real sockets: order, replacing the bytes or the decoded value, failures. */
class DecodeAdviceTest extends ClientTestSupport {

    record Pet(String name, int age) {
    }

    private HttpServer jsonServer(String json) {
        return server(request -> request.response().header("Content-Type", "application/json")
                .header("X-Wrapped", "data").send(json));
    }

    private static DecodeAdvice tag(String name, int order, List<String> log) {
        return new DecodeAdvice() {
            @Override
            public Object aroundDecode(DecodeContext context) {
                log.add("before " + name);
                Object value = context.next();
                log.add("after " + name);
                return value;
            }

            @Override
            public int order() {
                return order;
            }
        };
    }

    @Test
    void advicesRunInAscendingOrderAroundTheCodecs() {
        HttpServer server = jsonServer("{\"name\":\"Rex\",\"age\":3}");
        List<String> log = new CopyOnWriteArrayList<>();
        BriskClient client = client(clientBuilder().decodeAdvice(tag("b", 2, log)).decodeAdvice(tag("a", 1, log))
                .decodeAdvice(tag("c", 2, log)));

        assertThat(client.get(url(server, "/")).send().bodyAs(Pet.class)).isEqualTo(new Pet("Rex", 3));
        assertThat(log).containsExactly("before a", "before b", "before c", "after c", "after b", "after a");
    }

    @Test
    void anAdviceCanReplaceTheDecodedValue() {
        HttpServer server = jsonServer("{\"name\":\"Rex\",\"age\":3}");
        BriskClient client = client(clientBuilder().decodeAdvice(context -> context.targetType() == Pet.class
                ? new Pet(((Pet) context.next()).name().toUpperCase(), 4) : context.next()));
        HttpResponse response = client.get(url(server, "/")).send();

        assertThat(response.bodyAs(Pet.class)).isEqualTo(new Pet("REX", 4));
        assertThat(response.bodyAs(String.class)).isEqualTo("{\"name\":\"Rex\",\"age\":3}");
    }

    @Test
    void anAdviceCanReplaceTheBytesBeforeDecoding() {
        HttpServer server = jsonServer("{\"data\":{\"name\":\"Rex\",\"age\":3}}");
        List<String> types = new CopyOnWriteArrayList<>();
        BriskClient client = client(clientBuilder().decodeAdvice(context -> {
            types.add(context.targetType().getTypeName());
            if (context.response().header("X-Wrapped").isPresent()) {
                String text = new String(context.body(), StandardCharsets.UTF_8);
                context.body(text.substring("{\"data\":".length(), text.length() - 1)
                        .getBytes(StandardCharsets.UTF_8));
            }
            return context.next();
        }));
        HttpResponse response = client.get(url(server, "/")).send();

        assertThat(response.bodyAs(Pet.class)).isEqualTo(new Pet("Rex", 3));
        assertThat(response.bodyAs(new TypeRef<Map<String, Object>>() {
        })).containsEntry("name", "Rex");
        assertThat(response.bodyAs(String.class)).isEqualTo("{\"name\":\"Rex\",\"age\":3}");
        assertThat(response.bodyAsString()).isEqualTo("{\"data\":{\"name\":\"Rex\",\"age\":3}}");
        assertThat(types).containsExactly(Pet.class.getName(), "java.util.Map<java.lang.String, java.lang.Object>",
                "java.lang.String");
    }

    @Test
    void anAdviceExceptionIsThrownByBodyAs() {
        HttpServer server = jsonServer("{}");
        BriskClient client = client(clientBuilder().decodeAdvice(context -> {
            throw new SecurityException("bad signature");
        }));
        HttpResponse response = client.get(url(server, "/")).send();

        assertThatThrownBy(() -> response.bodyAs(Pet.class)).isInstanceOf(SecurityException.class)
                .hasMessage("bad signature");
        assertThat(response.bodyAsString()).isEqualTo("{}");
    }

    @Test
    void aValueOfTheWrongTypeIsReportedAtBodyAs() {
        HttpServer server = jsonServer("{}");
        BriskClient client = client(clientBuilder().decodeAdvice(context -> "not a pet"));
        HttpResponse response = client.get(url(server, "/")).send();

        assertThatThrownBy(() -> response.bodyAs(Pet.class)).isInstanceOf(ClassCastException.class)
                .hasMessageContaining(Pet.class.getName());
    }
}
