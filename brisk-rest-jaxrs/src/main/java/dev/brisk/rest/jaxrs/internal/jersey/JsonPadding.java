package dev.brisk.rest.jaxrs.internal.jersey;

import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import org.glassfish.jersey.server.JSONP;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Method;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

/**
 * Jersey's JSONP ({@link JSONP}) for one resource method annotated with it: when its entity is written as JavaScript
 * ({@code application/javascript}, {@code text/javascript} and their kin), the JSON is written inside a call of the
 * callback the annotation names, or that its query parameter gives ({@code callback({...})}); the response keeps
 * its JavaScript type. Other types are written as they are.
 */
public final class JsonPadding implements WriterInterceptor {

    /** Where it runs among writer interceptors, as in Jersey: inside the content encoders, so they encode it too. */
    public static final int PRIORITY = Priorities.ENTITY_CODER + 100;

    private static final Set<String> APPLICATION_SCRIPTS = Set.of("javascript", "x-javascript", "ecmascript");
    private static final Set<String> TEXT_SCRIPTS = Set.of("javascript", "x-javascript", "ecmascript", "jscript");

    private final JSONP jsonp;
    @Context
    private UriInfo uriInfo;

    private JsonPadding(JSONP jsonp) {
        this.jsonp = jsonp;
    }

    /** The padding of a resource method ({@code method}, or the {@code annotated} one it overrides), or null. */
    public static JsonPadding of(Method method, Method annotated) {
        JSONP jsonp = method.getAnnotation(JSONP.class);
        if (jsonp == null) {
            jsonp = annotated.getAnnotation(JSONP.class);
        }
        return jsonp == null ? null : new JsonPadding(jsonp);
    }

    @Override
    public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
        MediaType type = context.getMediaType();
        if (!script(type)) {
            context.proceed();
            return;
        }
        OutputStream out = context.getOutputStream();
        String charset = type.getParameters().get(MediaType.CHARSET_PARAMETER);
        out.write(callback().getBytes(charset == null ? StandardCharsets.UTF_8 : Charset.forName(charset)));
        out.write('(');
        context.setMediaType(MediaType.APPLICATION_JSON_TYPE); // the JSON writer writes the entity
        try {
            context.proceed();
        } finally {
            context.setMediaType(type);
        }
        out.write(')');
    }

    private String callback() {
        if (!jsonp.queryParam().isEmpty()) {
            List<String> values = uriInfo.getQueryParameters().get(jsonp.queryParam());
            if (values != null && !values.isEmpty()) {
                return values.get(0);
            }
        }
        return jsonp.callback();
    }

    private static boolean script(MediaType type) {
        if (type == null) {
            return false;
        }
        return switch (type.getType()) {
            case "application" -> APPLICATION_SCRIPTS.contains(type.getSubtype());
            case "text" -> TEXT_SCRIPTS.contains(type.getSubtype());
            default -> false;
        };
    }
}
