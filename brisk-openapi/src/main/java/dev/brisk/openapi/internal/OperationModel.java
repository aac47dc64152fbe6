package dev.brisk.openapi.internal;

import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What is known of one operation while its sources (template, handler method, OperationInfo) are read. */
final class OperationModel {

    /** A parameter; {@code type} null means a string. */
    record Param(String in, String name, Type type, boolean required, String pattern, Object defaultValue,
                 Annotation[] annotations) {
    }

    String operationId;
    boolean explicitOperationId;
    final List<String> tags = new ArrayList<>();
    String summary;
    String description;
    boolean deprecated;
    /** By {@code in + ":" + name}, in document order. */
    final Map<String, Param> params = new LinkedHashMap<>();
    Type requestBody;
    boolean requestBodyRequired = true;
    /** Form fields ({@code application/x-www-form-urlencoded}) by name. */
    final Map<String, Type> formFields = new LinkedHashMap<>();
    /** The success body's type; null with {@code responseKnown} for no body, null without it for an undescribed one. */
    Type response;
    boolean responseKnown;
    int status = 200;

    /** Adds a parameter, or completes the one of the same name and place (a template's, with its pattern). */
    void param(Param param) {
        String key = param.in() + ":" + param.name();
        Param known = params.get(key);
        if (known != null && known.pattern() != null && param.pattern() == null) {
            param = new Param(param.in(), param.name(), param.type(), param.required(), known.pattern(),
                    param.defaultValue(), param.annotations());
        }
        params.put(key, param);
    }
}
