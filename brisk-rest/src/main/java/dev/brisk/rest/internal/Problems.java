package dev.brisk.rest.internal;

import dev.brisk.http.ServerResponse;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;

/** Writes RFC 9457 {@code application/problem+json} error responses. */
public final class Problems {

    /** Answers {@code status} with a problem whose detail is {@code detail}; does nothing once committed. */
    void send(DefaultRequestContext ctx, int status, String detail, boolean retryLater) {
        send(ctx, status, detail, retryLater, java.util.List.of());
    }

    /** Like {@link #send(DefaultRequestContext, int, String, boolean)}, with an {@code errors} member per violation. */
    void send(DefaultRequestContext ctx, int status, String detail, boolean retryLater,
              java.util.List<dev.brisk.rest.ConstraintViolationsException.Violation> errors) {
        ServerResponse response = ctx.response();
        if (response.isCommitted()) {
            return;
        }
        ctx.markResponded();
        response.headers().remove("content-length");
        response.status(status);
        response.header("content-type", "application/problem+json");
        if (retryLater) {
            response.header("retry-after", "1");
        }
        ByteBuf body = ByteBufUtil.writeUtf8(ctx.request().allocator(), json(status, detail, ctx.request().path(),
                errors));
        response.send(body);
    }

    /** The problem document for {@code status}: title, status, optional detail, instance and errors. */
    public static CharSequence json(int status, String detail, String instance,
                                    java.util.List<dev.brisk.rest.ConstraintViolationsException.Violation> errors) {
        String title = dev.brisk.http.common.HttpStatus.reasonPhrase(status);
        StringBuilder json = new StringBuilder(128).append("{\"type\":\"about:blank\",\"title\":");
        quote(json, title).append(",\"status\":").append(status);
        if (detail != null && !detail.isEmpty()) {
            quote(json.append(",\"detail\":"), detail);
        }
        quote(json.append(",\"instance\":"), instance);
        if (!errors.isEmpty()) {
            json.append(",\"errors\":[");
            for (int i = 0; i < errors.size(); i++) {
                quote(json.append(i == 0 ? "{\"field\":" : ",{\"field\":"), errors.get(i).field());
                quote(json.append(",\"message\":"), errors.get(i).message()).append('}');
            }
            json.append(']');
        }
        return json.append('}');
    }

    private static StringBuilder quote(StringBuilder out, String text) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"');
    }
}
