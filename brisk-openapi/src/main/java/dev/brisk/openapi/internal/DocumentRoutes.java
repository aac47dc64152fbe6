package dev.brisk.openapi.internal;

import dev.brisk.openapi.OpenApi;
import dev.brisk.openapi.OpenApiDocument;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.Route;
import dev.brisk.rest.Schedulers;
import dev.brisk.rest.feature.FeatureContext;

import java.nio.charset.StandardCharsets;

/** The two routes that serve the document: prepared bytes, sent on the event loop. */
public final class DocumentRoutes {

    private static final String JSON = "application/json";
    private static final String YAML = "application/yaml";

    private final OpenApi openApi;
    private volatile byte[] json;
    private volatile byte[] yaml;

    public DocumentRoutes(OpenApi openApi) {
        this.openApi = openApi;
    }

    public void register(FeatureContext server) {
        server.route(Route.get(openApi.jsonPath()).scheduler(Schedulers.IO).produces(JSON)
                .handler(ctx -> send(ctx, json, JSON)));
        server.route(Route.get(openApi.yamlPath()).scheduler(Schedulers.IO).produces(YAML)
                .handler(ctx -> send(ctx, yaml, YAML)));
    }

    /** Makes {@code document} the one served. */
    public void publish(OpenApiDocument document) {
        this.yaml = document.yaml().getBytes(StandardCharsets.UTF_8);
        this.json = document.json().getBytes(StandardCharsets.UTF_8);
    }

    private static void send(RequestContext ctx, byte[] body, String type) {
        if (body == null) {
            // between binding the port and the start listener: the document is being generated
            ctx.response().status(503).header("retry-after", "1").send();
            return;
        }
        ctx.response().header("content-type", type).send(body);
    }
}
