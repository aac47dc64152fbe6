package dev.brisk.rest.jaxrs.jersey;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.core.UriInfo;
import org.glassfish.jersey.internal.inject.AbstractBinder;
import org.glassfish.jersey.logging.LoggingFeature;
import org.glassfish.jersey.message.MessageBodyWorkers;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.model.Resource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.logging.Logger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A Jersey {@link ResourceConfig} started unchanged, over real sockets: its registered classes and instance, the
 * resources and providers of its scanned package, its properties, and its programmatic resource (an inflector that
 * reads the entity through Jersey's {@code ContainerRequest}, a handler class's method, a child resource); and the
 * Jersey APIs Brisk cannot honour refused at startup with the replacement named.
 */
class ResourceConfigTest {

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new ShopConfig()));

    @Test
    void registeredClassesAndInstancesAreServedUnderTheApplicationPath(TestClient client) {
        TestResponse greeting = client.get("/shop/greetings/ada").execute();
        assertThat(greeting.body()).isEqualTo("hello ada");
        assertThat(greeting.header("x-peeked-name")).as("ContainerRequest.getUriInfo() has the path parameters")
                .hasValue("ada");
        assertThat(client.post("/shop/counter").execute().body()).isEqualTo("1");
        assertThat(client.post("/shop/counter").execute().body()).as("one instance for every request")
                .isEqualTo("2");
        assertThat(client.get("/greetings/ada").execute().status()).isEqualTo(404);
    }

    @Test
    void registeredProvidersApply(TestClient client) {
        TestResponse conflict = client.post("/shop/greetings/conflict").contentType("text/plain").body("ada")
                .execute();

        assertThat(conflict.status()).isEqualTo(409);
        assertThat(conflict.body()).isEqualTo("taken: ada");
        assertThat(conflict.header("x-peeked-path")).as("the filter cast its context to ContainerRequest")
                .hasValue("/shop/greetings/conflict");
    }

    @Test
    void aFilterReadsTheEntityThroughContainerRequestAndTheResourceStillGetsIt(TestClient client) {
        TestResponse echoed = client.post("/shop/greetings/conflict").contentType("text/plain")
                .header("Accept", "text/plain").header("X-Peek", "1").body("grace").execute();

        assertThat(echoed.header("x-peeked-entity")).hasValue("grace");
        assertThat(echoed.header("x-peeked-accept")).hasValue("text/plain");
        assertThat(echoed.body()).isEqualTo("taken: grace");
    }

    @Test
    void responseFiltersOfOnePriorityRunInTheOrderTheyWereRegistered(TestClient client) {
        assertThat(client.get("/shop/greetings/ada").execute().header("x-order"))
                .hasValue("delta,bravo,alpha,charlie");
    }

    @Test
    void aNoContentResponseSendsNeitherItsEntityNorItsType(TestClient client) {
        TestResponse nothing = client.get("/shop/greetings/nothing").execute();

        assertThat(nothing.status()).isEqualTo(204);
        assertThat(nothing.header("content-type")).isEmpty();
        assertThat(nothing.body()).isEmpty();
    }

    @Test
    void theScannedPackagesResourcesAndProvidersAreServedSubPackagesIncluded(TestClient client) {
        TestResponse status = client.get("/shop/status").execute();

        assertThat(status.body()).isEqualTo("up");
        assertThat(status.header("x-scanned")).hasValue("yes");
        assertThat(client.get("/shop/status/nested").execute().body()).isEqualTo("nested");
        assertThat(client.get("/shop/deeper").execute().body()).as("packages(...) is recursive")
                .isEqualTo("deeper");
    }

    @Test
    void theBeanValidationPropertyTurnsValidationOff(TestClient client) {
        TestResponse times = client.get("/shop/greetings/times?n=0").execute();

        assertThat(times.status()).isEqualTo(200);
        assertThat(times.body()).isEqualTo("n=0");
    }

    @Test
    void anInflectorGetsTheRequestAsJerseysContainerRequest(TestClient client) {
        TestResponse echoed = client.post("/shop/echo").contentType("text/plain").body("hi").execute();

        assertThat(echoed.status()).isEqualTo(200);
        assertThat(echoed.body()).isEqualTo("echo:hi");
        assertThat(echoed.header("x-method")).hasValue("POST");
        assertThat(echoed.header("content-type")).get().asString().startsWith("text/plain");
        assertThat(echoed.header("x-peeked-path")).as("global filters apply").hasValue("/shop/echo");
    }

    @Test
    void theProgrammaticMethodsMediaTypesAreEnforced(TestClient client) {
        assertThat(client.post("/shop/echo").contentType("application/json").body("{}").execute().status())
                .isEqualTo(415);
        assertThat(client.get("/shop/echo?q=x").header("Accept", "application/json").execute().status())
                .isEqualTo(406);
    }

    @Test
    void aHandlerClassMethodGetsItsParametersAndAChildResourceItsPath(TestClient client) {
        assertThat(client.get("/shop/echo?q=where").execute().body()).isEqualTo("info:where");
        assertThat(client.post("/shop/echo/upper").contentType("text/plain").body("loud").execute().body())
                .isEqualTo("LOUD");
    }

    @Test
    void nonRecursivePackagesLeaveSubPackagesOut() throws Exception {
        ResourceConfig config = new ResourceConfig().packages(false, "dev.brisk.rest.jaxrs.jersey.scanned");
        try (BriskServer server = Brisk.server().port(0).controllers(config).start()) {
            assertThat(Http.status(server, "/status")).isEqualTo(200);
            assertThat(Http.status(server, "/deeper")).isEqualTo(404);
        }
    }

    @Test
    void anInjectionBinderIsRefusedAtStartup() {
        ResourceConfig config = new ResourceConfig(GreetingResource.class).register(new AbstractBinder() {
            @Override
            protected void configure() {
                bind("value").to(String.class);
            }
        });

        assertThatThrownBy(() -> Brisk.server().port(0).controllers(config).start())
                .hasMessageContaining("injection binder")
                .hasMessageContaining("register(new MyResource(service))");
    }

    @Test
    void aFeatureIsRefusedAtStartupNamingWhatToRegisterInstead() {
        assertThatThrownBy(() -> Brisk.server().port(0)
                .controllers(new ResourceConfig(GreetingResource.class, AuditFeature.class)).start())
                .hasMessageContaining(AuditFeature.class.getName())
                .hasMessageContaining("register the resources and providers its configure(FeatureContext)");
        assertThatThrownBy(() -> Brisk.server().port(0)
                .controllers(new ResourceConfig(GreetingResource.class).register(new PerMethodFeature())).start())
                .hasMessageContaining("DynamicFeature")
                .hasMessageContaining("@NameBinding");
    }

    /**
     * Jersey's server-async example registers a {@code LoggingFeature} instance: it only logs, so Brisk starts the
     * application without it (saying so, and naming its access log) instead of refusing it as a Feature.
     */
    @Test
    void jerseysLoggingFeatureIsAcceptedAsClassOrInstanceAndTheRoutesAnswer() throws Exception {
        ResourceConfig config = new ResourceConfig(GreetingResource.class, LoggingFeature.class)
                .register(new LoggingFeature(Logger.getLogger("jersey.logging"), LoggingFeature.Verbosity.PAYLOAD_ANY));

        try (BriskServer server = Brisk.server().port(0).controllers(config).start()) {
            assertThat(Http.get(server, "/greetings/ada").body()).isEqualTo("hello ada");
        }
    }

    /**
     * Jersey injects {@code @Context} constructor parameters of providers (its http-patch example's interceptor takes
     * UriInfo and Jersey's MessageBodyWorkers); Brisk refuses the class at startup naming fields and, for
     * MessageBodyWorkers, the standard Providers.
     */
    @Test
    void aProviderWithContextConstructorParametersIsRefusedNamingFieldsInstead() {
        assertThatThrownBy(() -> Brisk.server().port(0)
                .controllers(new ResourceConfig(GreetingResource.class, UriInfoFilter.class)).start())
                .hasMessageContaining(UriInfoFilter.class.getName() + " needs a no-argument constructor")
                .hasMessageContaining("Brisk does not inject @Context constructor parameters: declare them as "
                        + "@Context fields")
                .hasMessageNotContaining("MessageBodyWorkers");
        assertThatThrownBy(() -> Brisk.server().port(0)
                .controllers(new ResourceConfig(GreetingResource.class, WorkersFilter.class)).start())
                .hasMessageContaining("for Jersey's MessageBodyWorkers, a @Context jakarta.ws.rs.ext.Providers");
    }

    @Test
    void aHandlerMethodWhoseParametersDoNotFitItsResourceFailsAtStartupNamingIt() throws Exception {
        Resource.Builder items = Resource.builder("items");
        items.addMethod("GET").handledBy(EchoInfo.class, EchoInfo.class.getMethod("byId", String.class));
        ResourceConfig config = new ResourceConfig().registerResources(items.build());

        assertThatThrownBy(() -> Brisk.server().port(0).controllers(config).start())
                .hasMessageStartingWith(ResourceConfig.class.getName() + " GET /items: ");
    }

    @Test
    void aProgrammaticHandlerMethodWithAPathParameterGetsIt() throws Exception {
        Resource.Builder items = Resource.builder("items/{id}");
        items.addMethod("GET").handledBy(EchoInfo.class, EchoInfo.class.getMethod("byId", String.class));
        ResourceConfig config = new ResourceConfig().registerResources(items.build());

        try (BriskServer server = Brisk.server().port(0).controllers(config).start()) {
            assertThat(Http.get(server, "/items/7").body()).isEqualTo("id:7");
        }
    }

    @Test
    void aProgrammaticLocatorIsRefusedAtStartup() {
        Resource.Builder parent = Resource.builder("parent");
        parent.addMethod().handledBy(request -> new Located());
        ResourceConfig config = new ResourceConfig().registerResources(parent.build());

        assertThatThrownBy(() -> Brisk.server().port(0).controllers(config).start())
                .hasMessageContaining("sub-resource locator at '/parent'");
    }

    /** A filter created with the request's UriInfo, as Jersey allows. */
    public static class UriInfoFilter implements ContainerRequestFilter {
        private final UriInfo uriInfo;

        public UriInfoFilter(@Context UriInfo uriInfo) {
            this.uriInfo = uriInfo;
        }

        @Override
        public void filter(ContainerRequestContext request) {
            request.setProperty("path", uriInfo.getPath());
        }
    }

    /** A filter created with Jersey's MessageBodyWorkers. */
    public static class WorkersFilter implements ContainerRequestFilter {
        private final MessageBodyWorkers workers;

        public WorkersFilter(@Context UriInfo uriInfo, @Context MessageBodyWorkers workers) {
            this.workers = workers;
        }

        @Override
        public void filter(ContainerRequestContext request) {
            request.setProperty("workers", workers);
        }
    }

    /** A feature as Jersey applications write them. */
    public static class AuditFeature implements Feature {
        @Override
        public boolean configure(FeatureContext context) {
            context.register(ConflictMapper.class);
            return true;
        }
    }

    /** A dynamic feature: binds per resource method at Jersey's runtime. */
    public static class PerMethodFeature implements DynamicFeature {
        @Override
        public void configure(ResourceInfo resourceInfo, FeatureContext context) {
        }
    }

    /** What a programmatic locator would return. */
    public static class Located {
        @GET
        @Path("x")
        public String x() {
            return "x";
        }
    }
}
