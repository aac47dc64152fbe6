package dev.brisk.spring.boot.actuate.internal;

import dev.brisk.rest.Handler;
import dev.brisk.rest.HttpStatusException;
import dev.brisk.rest.RequestContext;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.InvocationContext;
import org.springframework.boot.actuate.endpoint.OperationArgumentResolver;
import org.springframework.boot.actuate.endpoint.ProducibleOperationArgumentResolver;
import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.endpoint.web.WebOperation;
import org.springframework.boot.actuate.endpoint.web.WebServerNamespace;
import org.springframework.core.io.Resource;
import org.springframework.http.MediaType;
import org.springframework.util.MimeType;
import tools.jackson.core.JacksonException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs one actuator operation for a Brisk request: path variables, query parameters and a JSON body become the
 * operation's arguments; its result (a {@link WebEndpointResponse}, text, bytes, a resource or an object written as
 * JSON) becomes the response, in the media type the Accept header prefers among those the operation produces.
 * Operations run on the worker pool: health checks and dumps may block.
 */
final class OperationHandler implements Handler {

    private final WebOperation operation;
    private final WebServerNamespace namespace;
    private final EndpointJson json;
    private static final List<MediaType> JSON = List.of(MediaType.APPLICATION_JSON);

    private final List<MediaType> produces;
    /** For an operation taking the remaining path segments: the route's path before them; null otherwise. */
    private final String remainingPrefix;

    OperationHandler(WebOperation operation, WebServerNamespace namespace, EndpointJson json,
                     String remainingPrefix) {
        this.remainingPrefix = remainingPrefix;
        this.operation = operation;
        this.namespace = namespace;
        this.json = json;
        this.produces = operation.getRequestPredicate().getProduces().stream().map(MediaType::parseMediaType)
                .toList();
    }

    @Override
    public void handle(RequestContext ctx) throws Exception {
        List<String> accept = ctx.request().headers().all("accept");
        InvocationContext invocation = new InvocationContext(SecurityContext.NONE, arguments(ctx),
                OperationArgumentResolver.of(WebServerNamespace.class, () -> namespace),
                new ProducibleOperationArgumentResolver(() -> accept));
        Object result;
        try {
            result = operation.invoke(invocation);
        } catch (InvalidEndpointRequestException e) {
            throw new HttpStatusException(400, e.getReason() != null ? e.getReason() : e.getMessage());
        }
        write(ctx, result, accept);
    }

    private Map<String, Object> arguments(RequestContext ctx) {
        Map<String, Object> arguments = new LinkedHashMap<>(ctx.pathParams());
        String remaining = operation.getRequestPredicate().getMatchAllRemainingPathSegmentsVariable();
        if (remaining != null) {
            String routed = ctx.routePath();
            String rest = routed.startsWith(remainingPrefix) ? routed.substring(remainingPrefix.length()) : "";
            arguments.put(remaining, Arrays.stream(rest.split("/")).filter(s -> !s.isEmpty()).toArray(String[]::new));
        }
        if (ctx.request().method().name().equals("POST") && ctx.request().body().isReadable()) {
            try {
                arguments.putAll(json.readArguments(ctx.request().bodyAsBytes()));
            } catch (JacksonException e) {
                throw new HttpStatusException(400, "the body of " + operation.getId() + " must be a JSON object: "
                        + e.getOriginalMessage());
            }
        }
        ctx.request().queryParams().forEach((name, values) ->
                arguments.put(name, values.size() == 1 ? values.get(0) : values));
        return arguments;
    }

    private void write(RequestContext ctx, Object result, List<String> accept) throws IOException {
        String method = ctx.request().method().name();
        if (result == null) {
            ctx.status(method.equals("GET") ? 404 : 204).send(null);
            return;
        }
        MimeType contentType = null;
        Object body = result;
        if (result instanceof WebEndpointResponse<?> response) {
            ctx.status(response.getStatus());
            contentType = response.getContentType();
            body = response.getBody();
            if (body == null) {
                ctx.send(null);
                return;
            }
        }
        if (contentType == null) {
            contentType = negotiate(accept);
        }
        ctx.header("content-type", contentType.toString());
        if (body instanceof byte[] bytes) {
            ctx.send(bytes);
        } else if (body instanceof CharSequence text) {
            ctx.send(text.toString().getBytes(StandardCharsets.UTF_8));
        } else if (body instanceof Resource resource) {
            if (resource.isFile()) {
                ctx.send(resource.getFile().toPath());
            } else {
                try (InputStream in = resource.getInputStream()) {
                    ctx.send(in.readAllBytes());
                }
            }
        } else {
            ctx.send(json.write(body));
        }
    }

    /**
     * The produced type to answer in, as Spring MVC picks it ({@link ResponseMediaType}); JSON for an operation that
     * declares none. A 406 when the client accepts none of them.
     */
    private MimeType negotiate(List<String> accept) {
        MediaType chosen = ResponseMediaType.choose(accept, produces.isEmpty() ? JSON : produces);
        if (chosen == null) {
            throw new HttpStatusException(406, "none of " + accept + " can be produced; available: "
                    + (produces.isEmpty() ? JSON : produces));
        }
        return chosen;
    }

    /** The first type this operation produces that {@code wanted} takes, or null. */
    private MediaType offered(MediaType wanted) {
        if (produces.isEmpty()) {
            return wanted.includes(MediaType.APPLICATION_JSON) ? MediaType.APPLICATION_JSON : null;
        }
        for (MediaType offered : produces) {
            if (wanted.includes(offered)) {
                return offered;
            }
        }
        return null;
    }

    /** Whether the operation writes JSON (the actuator's default representation). */
    private boolean producesJson() {
        return produces.isEmpty() || produces.stream().anyMatch(type -> MediaType.APPLICATION_JSON.includes(type)
                || type.getSubtype().endsWith("+json"));
    }

    /**
     * One handler for operations sharing a method and path that produce different types (the thread dump as JSON or
     * text): the one whose type the Accept header prefers runs.
     */
    static Handler choosing(List<OperationHandler> operations) {
        if (operations.size() == 1) {
            return operations.get(0);
        }
        // JSON first, whatever order the endpoint's operations were found in: it answers a request without Accept or
        // accepting anything, as on Spring MVC; otherwise the first type the client wants picks the operation
        List<OperationHandler> ordered = new ArrayList<>(operations);
        ordered.sort(Comparator.comparing(operation -> !operation.producesJson()));
        return ctx -> {
            for (MediaType wanted : ResponseMediaType.accepted(ctx.request().headers().all("accept"))) {
                for (OperationHandler operation : ordered) {
                    if (operation.offered(wanted) != null) {
                        operation.handle(ctx);
                        return;
                    }
                }
            }
            ordered.get(0).handle(ctx); // no Accept: JSON; nothing acceptable: its 406
        };
    }
}
