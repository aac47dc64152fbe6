// dependency: dev.brisk:brisk-rest-jaxrs
// dependency: jakarta.ws.rs:jakarta.ws.rs-api:4.0.0
// dependency: org.glassfish.jersey.core:jersey-server:3.1.9
import jakarta.ws.rs.*;
import jakarta.ws.rs.core.*;
import jakarta.ws.rs.ext.ContextResolver;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseBroadcaster;
import jakarta.ws.rs.sse.SseEventSink;
// these names are also in java.nio.file or Brisk's packages: the page means Jakarta's
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.container.ContainerRequestContext;
import org.glassfish.jersey.process.Inflector;
import org.glassfish.jersey.server.ContainerRequest;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;
import org.glassfish.jersey.server.model.Resource;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

// What the blocks of docs/jaxrs.md assume: the application's resources, providers and stores; methods are written
// in a resource or an Application.
abstract class DocContext extends Application {
    static class Task {
        long getId() { return 0; }

        String getTitle() { return ""; }
    }

    interface Archive {
        Stream<Task> completed();
    }

    interface Store {
        Object save(long id, String fileName, InputStream content) throws IOException;
    }

    static class BookResource {
        BookResource(Store store) {}
    }

    static class TaskResource {
        TaskResource(Store store) {}
    }

    static class BookNotFoundMapper {}

    static class OrderResource {}

    static class StockResource {
        StockResource(Store store) {}
    }

    static class ConflictMapper {}

    static class ShopConfig extends ResourceConfig {}

    static class AuthFilter {}

    static class LibraryApplication extends Application {}

    Store store;
    Archive archive;
    CorsConfig config;
}
