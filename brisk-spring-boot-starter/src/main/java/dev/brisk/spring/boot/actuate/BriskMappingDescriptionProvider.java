package dev.brisk.spring.boot.actuate;

import dev.brisk.rest.BriskServer;
import dev.brisk.rest.RouteInfo;
import dev.brisk.spring.boot.BriskApplicationContext;
import org.springframework.boot.actuate.web.mappings.MappingDescriptionProvider;
import org.springframework.context.ApplicationContext;

import java.util.List;

/** Lists Brisk's routes in the {@code mappings} actuator endpoint, under {@code brisk}. */
public final class BriskMappingDescriptionProvider implements MappingDescriptionProvider {

    @Override
    public String getMappingName() {
        return "brisk";
    }

    @Override
    public List<RouteDescription> describeMappings(ApplicationContext context) {
        if (!(context instanceof BriskApplicationContext brisk) || brisk.getWebServer() == null) {
            return List.of();
        }
        return brisk.getWebServer().server().map(BriskMappingDescriptionProvider::describe).orElse(List.of());
    }

    private static List<RouteDescription> describe(BriskServer server) {
        String prefix = server.options().contextPath();
        return server.routes().stream().map(route -> RouteDescription.of(route, prefix)).toList();
    }

    /**
     * One route.
     *
     * @param method    HTTP method
     * @param path      the path template, with the context path
     * @param produces  media types the route produces (empty: whatever the codecs write)
     * @param consumes  media types it accepts (empty: any)
     * @param scheduler where its handler runs (empty: the default scheduler)
     */
    public record RouteDescription(String method, String path, List<String> produces, List<String> consumes,
                                   String scheduler) {

        static RouteDescription of(RouteInfo route, String prefix) {
            return new RouteDescription(route.method().name(), prefix + route.path(),
                    route.produces().stream().map(Object::toString).toList(),
                    route.consumes().stream().map(Object::toString).toList(), route.scheduler());
        }
    }
}
