package dev.brisk.rest.spring;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.RouteInfo;
import dev.brisk.rest.RouteParameter.Source;
import dev.brisk.rest.RouteParameter;
import dev.brisk.rest.RouteResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.CookieValue;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import java.lang.reflect.Parameter;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/** The parameters and responses the routes of a Spring MVC controller publish, as their resolvers bind them. */
class PublishedParametersTest {

    private static BriskServer server;

    public record Order(long id, String item) {
    }

    /** Bound from query parameters, as Spring binds an unannotated object. */
    public record Filter(String item, Integer minQuantity) {
    }

    @RestController
    @RequestMapping("/orders")
    public static class OrderController {

        @GetMapping("/{id}")
        public Order order(@PathVariable long id, @RequestHeader(name = "X-Trace", required = false) String trace,
                           @CookieValue("session") String session, @RequestHeader Map<String, String> headers) {
            return new Order(id, "tea");
        }

        @GetMapping
        public ResponseEntity<List<Order>> list(@RequestParam(defaultValue = "10") int limit,
                                                @RequestParam Optional<String> item, @RequestParam List<String> tag,
                                                String note) {
            return ResponseEntity.ok(List.of());
        }

        @PostMapping
        @ResponseStatus(HttpStatus.CREATED)
        public CompletionStage<Order> create(@RequestBody Order order) {
            return CompletableFuture.completedFuture(order);
        }

        @GetMapping("/search")
        public List<Order> search(Filter filter) {
            return List.of();
        }

        @DeleteMapping("/{id}")
        public void remove(@PathVariable("id") long orderId) {
        }

        @GetMapping("/export")
        public StreamingResponseBody export() {
            return out -> { };
        }
    }

    @BeforeAll
    static void start() {
        server = Brisk.server().port(0).controllers(new OrderController()).start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static RouteInfo route(String method, String path) {
        return server.routes().stream().filter(r -> r.method().name().equals(method) && r.path().equals(path))
                .findFirst().orElseThrow(() -> new AssertionError(method + " " + path + " in " + server.routes()));
    }

    @Test
    void pathHeaderAndCookieParametersButNoMapOfAllHeaders() {
        List<RouteParameter> parameters = route("GET", "/orders/{id}").parameters();
        assertThat(parameters).extracting(RouteParameter::source, RouteParameter::name, RouteParameter::type,
                RouteParameter::required).containsExactly(
                        tuple(Source.PATH, "id", long.class, true),
                        tuple(Source.HEADER, "X-Trace", String.class, false),
                        tuple(Source.COOKIE, "session", String.class, true));
        assertThat(parameters.get(0).defaultValue()).isEmpty();
        assertThat(parameters.get(0).element()).isInstanceOf(Parameter.class);
        assertThat(route("GET", "/orders/{id}").handlerMethod()).hasValueSatisfying(m ->
                assertThat(m.getName()).isEqualTo("order"));
        assertThat(route("GET", "/orders/{id}").response()).hasValue(RouteResponse.of(200, Order.class));
    }

    @Test
    void queryParametersWithDefaultsOptionalsCollectionsAndUnannotatedValues() {
        List<RouteParameter> parameters = route("GET", "/orders").parameters();
        assertThat(parameters).extracting(RouteParameter::name).containsExactly("limit", "item", "tag", "note");
        assertThat(parameters).extracting(RouteParameter::source).containsOnly(Source.QUERY);
        assertThat(parameters).extracting(RouteParameter::required).containsExactly(false, false, true, false);
        assertThat(parameters.get(0).defaultValue()).hasValue("10");
        assertThat(parameters.get(0).type()).isEqualTo(int.class);
        assertThat(parameters.get(1).type()).isInstanceOfSatisfying(ParameterizedType.class, p -> {
            assertThat(p.getRawType()).isEqualTo(Optional.class);
            assertThat(p.getActualTypeArguments()).containsExactly(String.class);
        });
        // ResponseEntity<List<Order>>: the body is the list
        Type body = route("GET", "/orders").response().orElseThrow().bodyType().orElseThrow();
        assertThat(body).isInstanceOfSatisfying(ParameterizedType.class, p -> {
            assertThat(p.getRawType()).isEqualTo(List.class);
            assertThat(p.getActualTypeArguments()).containsExactly(Order.class);
        });
    }

    @Test
    void requestBodyAndResponseStatusOfAnAsynchronousResult() {
        RouteInfo create = route("POST", "/orders");
        assertThat(create.parameters()).singleElement().satisfies(p -> {
            assertThat(p.source()).isEqualTo(Source.BODY);
            assertThat(p.type()).isEqualTo(Order.class);
            assertThat(p.required()).isTrue();
        });
        assertThat(create.response()).hasValue(RouteResponse.of(201, Order.class));
    }

    @Test
    void anObjectBoundFromQueryParametersPublishesItsProperties() {
        List<RouteParameter> parameters = route("GET", "/orders/search").parameters();
        assertThat(parameters).extracting(RouteParameter::source, RouteParameter::name, RouteParameter::type,
                RouteParameter::required).containsExactly(
                        tuple(Source.QUERY, "item", String.class, false),
                        tuple(Source.QUERY, "minQuantity", Integer.class, false));
    }

    @Test
    void voidAndStreamedResults() {
        assertThat(route("DELETE", "/orders/{id}").parameters()).extracting(RouteParameter::name)
                .containsExactly("id");
        assertThat(route("DELETE", "/orders/{id}").response()).hasValue(RouteResponse.empty(200));
        assertThat(route("GET", "/orders/export").parameters()).isEmpty();
        assertThat(route("GET", "/orders/export").response()).hasValue(RouteResponse.undescribed(200));
    }

    @Test
    void programmaticRoutesPublishNothing() {
        try (BriskServer programmatic = Brisk.server().port(0).get("/ping", ctx -> ctx.send("pong")).start()) {
            RouteInfo ping = programmatic.routes().get(0);
            assertThat(ping.parameters()).isEmpty();
            assertThat(ping.response()).isEmpty();
        }
    }
}
