package dev.brisk.rest.support;

import dev.brisk.http.common.HttpStatus;
import dev.brisk.rest.ConstraintViolationsException;
import dev.brisk.rest.internal.observe.Json;
import java.util.List;


/** RFC 9457 {@code application/problem+json} documents, as every controller style answers errors. */
public final class Problems {

    private Problems() {
    }

    /** The problem document for {@code status}: title, status, optional detail, instance and errors. */
    public static CharSequence json(int status, String detail, String instance,
                                    List<ConstraintViolationsException.Violation> errors) {
        String title = HttpStatus.reasonPhrase(status);
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
        return Json.quote(out, text);
    }
}
