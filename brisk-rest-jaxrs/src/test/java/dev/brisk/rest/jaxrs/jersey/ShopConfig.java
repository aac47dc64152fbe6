package dev.brisk.rest.jaxrs.jersey;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.glassfish.jersey.process.Inflector;
import org.glassfish.jersey.server.ContainerRequest;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;
import org.glassfish.jersey.server.model.Resource;

/**
 * A Jersey application as Jersey teams write one: classes, an instance, a scanned package, properties and a
 * programmatic resource whose handlers are an inflector and a method of a handler class.
 */
@ApplicationPath("shop")
public class ShopConfig extends ResourceConfig {

    public ShopConfig() {
        register(GreetingResource.class);
        register(new CounterResource());
        register(ConflictMapper.class);
        register(PeekFilter.class);
        // response filters of one priority run in the order they were registered, as in Jersey
        register(OrderMarks.Delta.class);
        register(OrderMarks.Bravo.class);
        register(OrderMarks.Alpha.class);
        register(OrderMarks.Charlie.class);
        packages("dev.brisk.rest.jaxrs.jersey.scanned");
        property(ServerProperties.BV_FEATURE_DISABLE, true);
        property(ServerProperties.WADL_FEATURE_DISABLE, true);
        registerResources(echo());
    }

    private static Resource echo() {
        Resource.Builder echo = Resource.builder("echo");
        echo.addMethod("POST").consumes(MediaType.TEXT_PLAIN_TYPE).produces(MediaType.TEXT_PLAIN_TYPE)
                .handledBy(new Inflector<ContainerRequestContext, Response>() {
                    @Override
                    public Response apply(ContainerRequestContext request) {
                        String body = ((ContainerRequest) request).readEntity(String.class);
                        return Response.ok("echo:" + body).header("X-Method", request.getMethod()).build();
                    }
                });
        try {
            echo.addMethod("GET").produces(MediaType.TEXT_PLAIN_TYPE)
                    .handledBy(EchoInfo.class, EchoInfo.class.getMethod("info", String.class));
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
        Resource.Builder upper = echo.addChildResource("upper");
        upper.addMethod("POST").consumes(MediaType.TEXT_PLAIN_TYPE)
                .handledBy((Inflector<ContainerRequestContext, String>) request ->
                        ((ContainerRequest) request).readEntity(String.class).toUpperCase());
        return echo.build();
    }
}
