package dev.brisk.rest;

import dev.brisk.rest.spi.ControllerSupport;
import dev.brisk.rest.web.CorsConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.Method;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.brisk.rest.RestTestSupport.get;
import static dev.brisk.rest.RestTestSupport.server;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Controllers are turned into routes by the {@link ControllerSupport} found with ServiceLoader, and served by the same
 * server as programmatic routes. A minimal annotation style, registered for these tests only, stands in for the
 * Spring MVC and JAX-RS supports.
 */
class ControllerSupportTest {

    /** Marks a test controller method as {@code GET <value>}. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @interface Get {
        String value();
    }

    /**
     * The test annotation style: {@link Get} methods whose parameters are path variables by name; {@link RunOn} on the
     * method or its class chooses the scheduler, as in the Spring MVC and JAX-RS supports.
     */
    public static final class GetAnnotationSupport implements ControllerSupport {
        @Override
        public boolean supports(Class<?> type) {
            for (Method method : type.getDeclaredMethods()) {
                if (method.isAnnotationPresent(Get.class)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public List<Route> routes(Object controller) {
            List<Route> routes = new ArrayList<>();
            for (Method method : controller.getClass().getDeclaredMethods()) {
                Get get = method.getAnnotation(Get.class);
                if (get != null) {
                    List<ArgumentResolver> plan = new ArrayList<>();
                    for (var parameter : method.getParameters()) {
                        plan.add(ctx -> ctx.pathParam(parameter.getName()));
                    }
                    RunOn runOn = method.isAnnotationPresent(RunOn.class) ? method.getAnnotation(RunOn.class)
                            : controller.getClass().getAnnotation(RunOn.class);
                    routes.add(Route.get(get.value()).scheduler(runOn == null ? "" : runOn.value())
                            .handler(MethodHandler.of(controller, method, plan)));
                }
            }
            return routes;
        }

        /** The style's global CORS rules: browser apps at app.example may call the greetings. */
        @Override
        public List<Map.Entry<String, CorsConfig>> corsMappings() {
            return List.of(Map.entry("/greet/**", CorsConfig.builder().allowedOrigins("https://app.example").build()));
        }
    }

    static final class GreetingController {
        @Get("/greet/{name}")
        public String greet(String name) {
            return "hi " + name;
        }
    }

    private BriskServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void controllersAndProgrammaticRoutesShareOneServer() throws Exception {
        server = server().controllers(new GreetingController()).get("/raw", ctx -> ctx.send("raw")).start();
        assertThat(get(server, "/greet/ada").body()).isEqualTo("hi ada");
        assertThat(get(server, "/raw").body()).isEqualTo("raw");
        assertThat(server.routes()).extracting(RouteInfo::path).containsExactlyInAnyOrder("/raw", "/greet/{name}");
    }

    @Test
    void corsMappingsOfASupportApplyAfterTheServersOwn() throws Exception {
        server = server().web(w -> w.cors("/greet/vip", CorsConfig.builder().allowedOrigins("https://vip.example")
                .build()))
                .controllers(new GreetingController()).start();
        HttpResponse<String> fromApp = get(server, "/greet/ada", "Origin", "https://app.example");
        assertThat(fromApp.body()).isEqualTo("hi ada");
        assertThat(fromApp.headers().firstValue("access-control-allow-origin")).hasValue("https://app.example");
        assertThat(get(server, "/greet/ada", "Origin", "https://other.example").statusCode()).isEqualTo(403);
        // the server's own pattern comes first where both match
        HttpResponse<String> vip = get(server, "/greet/vip", "Origin", "https://vip.example");
        assertThat(vip.headers().firstValue("access-control-allow-origin")).hasValue("https://vip.example");
        assertThat(get(server, "/greet/vip", "Origin", "https://app.example").statusCode()).isEqualTo(403);
    }

    @Test
    void aControllerNoSupportUnderstandsIsAClearStartupError() {
        assertThatThrownBy(() -> server().controllers(new Object()).start())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no controller support for java.lang.Object");
    }
}
