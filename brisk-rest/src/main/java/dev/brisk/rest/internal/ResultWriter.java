package dev.brisk.rest.internal;

import dev.brisk.codec.BodyCodec;
import dev.brisk.codec.CodecException;
import dev.brisk.codec.Codecs;
import dev.brisk.codec.ContentNegotiation;
import dev.brisk.codec.MediaType;
import dev.brisk.http.ServerResponse;
import dev.brisk.rest.HttpStatusException;
import dev.brisk.rest.ResponseEntity;
import dev.brisk.rest.StreamingBody;
import io.netty.buffer.ByteBuf;

import dev.brisk.rest.NotAcceptableException;
import java.io.File;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;

/** Turns a handler's result into a response: plain values, entities, files, futures, and negotiated encodings. */
final class ResultWriter {

    private final Codecs codecs;
    private final ClassValue<List<MediaType>> producible;

    ResultWriter(Codecs codecs) {
        this.codecs = codecs;
        this.producible = new ClassValue<>() {
            @Override
            protected List<MediaType> computeValue(Class<?> type) {
                return codecs.producible(type);
            }
        };
    }

    void write(DefaultRequestContext ctx, Object result) {
        ServerResponse response = ctx.response();
        if (result == null) {
            response.send();
        } else if (result instanceof String text) {
            // a String is written as it is, labelled with the negotiated type (as Spring MVC does)
            if (!response.headers().contains("content-type")) {
                MediaType type = negotiatedOrDefault(ctx, String.class, MediaType.TEXT_PLAIN_UTF8);
                response.header("content-type", type.charset().isPresent() || !type.type().equals("text")
                        ? type.toString() : type.withCharset(StandardCharsets.UTF_8).toString());
            }
            response.send(text);
        } else if (result instanceof byte[] bytes) {
            defaultType(response, MediaType.APPLICATION_OCTET_STREAM);
            response.send(bytes);
        } else if (result instanceof ByteBuf buf) {
            defaultType(response, MediaType.APPLICATION_OCTET_STREAM);
            response.send(buf);
        } else if (result instanceof StreamingBody body) {
            defaultType(response, MediaType.APPLICATION_OCTET_STREAM);
            ctx.services().streaming().send(ctx, body);
        } else if (result instanceof InputStream in) {
            defaultType(response, MediaType.APPLICATION_OCTET_STREAM);
            ctx.services().streaming().send(ctx, StreamingBody.of(in));
        } else if (result instanceof ResponseEntity<?> entity) {
            response.status(entity.statusCode());
            entity.headers().forEach(response::header);
            write(ctx, entity.body());
        } else if (result instanceof CompletionStage<?> stage) {
            ctx.async();
            ctx.cancelWith(stage);
            stage.whenComplete((value, error) -> {
                if (error != null) {
                    ctx.services().fail(ctx, unwrap(error));
                } else {
                    try {
                        write(ctx, value);
                    } catch (Throwable t) {
                        ctx.services().fail(ctx, t);
                    }
                }
            });
        } else if (result instanceof Optional<?> optional) {
            if (optional.isEmpty()) {
                throw new HttpStatusException(404, "no such resource");
            }
            write(ctx, optional.get());
        } else if (result instanceof Path || result instanceof File) {
            Path path = result instanceof File file ? file.toPath() : (Path) result;
            if (!Files.isRegularFile(path)) {
                throw new HttpStatusException(404, "no such file");
            }
            defaultType(response, MediaType.APPLICATION_OCTET_STREAM);
            ctx.async();
            response.sendFile(path).whenComplete((v, e) -> {
                if (e != null) {
                    ctx.services().fail(ctx, e);
                }
            });
        } else {
            MediaType type = preset(response, result.getClass());
            encode(ctx, result, type != null ? type : negotiated(ctx, result.getClass()));
        }
    }

    /**
     * The concrete Content-Type the handler set itself (e.g. on a {@link ResponseEntity}), when a codec writes the
     * value as that type: it is used as it is, without negotiation (as Spring MVC does). Null otherwise.
     */
    private MediaType preset(ServerResponse response, Class<?> valueType) {
        String header = response.headers().get("content-type", null);
        if (header == null) {
            return null;
        }
        try {
            MediaType type = MediaType.parse(header);
            return type.isWildcardType() || type.isWildcardSubtype() || codecs.encoder(valueType, type).isEmpty()
                    ? null : type;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private void encode(DefaultRequestContext ctx, Object value, MediaType type) {
        BodyCodec codec = codecs.encoder(value.getClass(), type).orElseThrow(() -> new HttpStatusException(406,
                "cannot write " + value.getClass().getSimpleName() + " as " + type));
        ByteBuf body;
        try {
            body = codec.encode(value, type, ctx.request().allocator());
        } catch (CodecException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        ctx.response().header("content-type", type.toString());
        ctx.response().send(body);
    }

    private MediaType negotiated(DefaultRequestContext ctx, Class<?> type) {
        List<MediaType> candidates = candidates(ctx, type);
        return ContentNegotiation.negotiate(ctx.accepted(), candidates).orElseThrow(() ->
                new NotAcceptableException("acceptable types " + ctx.accepted()
                        + " cannot be produced; available: " + candidates, candidates));
    }

    private MediaType negotiatedOrDefault(DefaultRequestContext ctx, Class<?> type, MediaType fallback) {
        List<MediaType> accepted = ctx.accepted();
        if (accepted.size() == 1 && accepted.get(0) == MediaType.ALL) {
            return ctx.compiledRoute() != null && !ctx.compiledRoute().produces().isEmpty()
                    ? ctx.compiledRoute().produces().get(0) : fallback;
        }
        return ContentNegotiation.negotiate(accepted, candidates(ctx, type)).orElse(fallback);
    }

    private List<MediaType> candidates(DefaultRequestContext ctx, Class<?> type) {
        CompiledRoute route = ctx.compiledRoute();
        return route != null && !route.produces().isEmpty() ? route.produces() : producible.get(type);
    }

    private static void defaultType(ServerResponse response, MediaType type) {
        if (!response.headers().contains("content-type")) {
            response.header("content-type", type.toString());
        }
    }

    static Throwable unwrap(Throwable error) {
        Throwable current = error;
        while ((current instanceof CompletionException
                || current instanceof ExecutionException) && current.getCause() != null) {
            current = current.getCause();
        }
        return current;
    }
}
