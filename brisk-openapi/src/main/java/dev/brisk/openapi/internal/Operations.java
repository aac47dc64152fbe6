package dev.brisk.openapi.internal;

import dev.brisk.codec.MediaType;
import dev.brisk.http.common.HttpStatus;
import dev.brisk.openapi.OpenApi;
import dev.brisk.openapi.OperationInfo;
import dev.brisk.rest.RouteInfo;

import java.lang.annotation.Annotation;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The operation object of one route, from its template, its handler method and the application's OperationInfo. */
final class Operations {

    private static final Annotation[] NO_ANNOTATIONS = new Annotation[0];

    private final OpenApi api;
    private final Schemas schemas;
    private final Set<String> operationIds = new HashSet<>();

    Operations(OpenApi api, Schemas schemas) {
        this.api = api;
        this.schemas = schemas;
    }

    Map<String, Object> operation(RouteInfo route, PathTemplates.OpenApiPath path) {
        OperationModel model = new OperationModel();
        for (PathTemplates.PathVariable variable : path.variables()) {
            model.param(new OperationModel.Param("path", variable.name(), null, true,
                    variable.pattern().orElse(null), null, NO_ANNOTATIONS));
        }
        HandlerMethods.read(route, model);
        OperationInfo info = api.operations().get(route.method().name() + " " + route.path());
        if (info != null) {
            apply(info, model);
        }
        if (model.operationId == null) {
            model.operationId = derivedId(route.method().name(), path.path());
        }
        return render(route, model);
    }

    private static void apply(OperationInfo info, OperationModel model) {
        info.operationId().ifPresent(id -> {
            model.operationId = id;
            model.explicitOperationId = true;
        });
        info.summary().ifPresent(s -> model.summary = s);
        info.description().ifPresent(s -> model.description = s);
        if (!info.tags().isEmpty()) {
            model.tags.clear();
            model.tags.addAll(info.tags());
        }
        info.requestBody().ifPresent(type -> {
            model.requestBody = type;
            model.requestBodyRequired = true;
        });
        info.response().ifPresent(type -> {
            model.response = type;
            model.responseKnown = true;
        });
        if (info.status() != 200) {
            model.status = info.status();
        }
        model.deprecated |= info.deprecated();
        for (OperationInfo.Parameter p : info.parameters()) {
            model.param(new OperationModel.Param(p.in().value(), p.name(), p.type(), p.required(), null, null,
                    NO_ANNOTATIONS));
        }
    }

    /** {@code getUsersById} for {@code GET /users/{id}}. */
    private static String derivedId(String method, String path) {
        StringBuilder id = new StringBuilder(method.toLowerCase(Locale.ROOT));
        for (String segment : path.split("/")) {
            if (segment.isEmpty()) {
                continue;
            }
            boolean variable = segment.startsWith("{");
            if (variable) {
                id.append("By");
            }
            boolean upper = true;
            for (char c : segment.toCharArray()) {
                if (Character.isLetterOrDigit(c)) {
                    id.append(upper ? Character.toUpperCase(c) : c);
                    upper = false;
                } else {
                    upper = true;
                }
            }
        }
        return id.toString();
    }

    private String unique(String id) {
        String candidate = id;
        for (int i = 1; !operationIds.add(candidate); i++) {
            candidate = id + "_" + i;
        }
        return candidate;
    }

    private Map<String, Object> render(RouteInfo route, OperationModel model) {
        Map<String, Object> operation = new LinkedHashMap<>();
        if (!model.tags.isEmpty()) {
            operation.put("tags", List.copyOf(model.tags));
        }
        if (model.summary != null) {
            operation.put("summary", model.summary);
        }
        if (model.description != null) {
            operation.put("description", model.description);
        }
        operation.put("operationId", unique(model.operationId));
        List<Object> parameters = new ArrayList<>();
        for (OperationModel.Param p : model.params.values()) {
            parameters.add(parameter(p));
        }
        if (!parameters.isEmpty()) {
            operation.put("parameters", parameters);
        }
        Map<String, Object> body = requestBody(route, model);
        if (body != null) {
            operation.put("requestBody", body);
        }
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("description", HttpStatus.reasonPhrase(model.status));
        if (model.responseKnown && model.response != null) {
            Map<String, Object> content = new LinkedHashMap<>();
            for (String type : mediaTypes(route.produces(), model.response)) {
                content.put(type, Map.of("schema", schemas.schema(model.response)));
            }
            response.put("content", content);
        } else if (!model.responseKnown && !route.produces().isEmpty()) {
            Map<String, Object> content = new LinkedHashMap<>();
            route.produces().forEach(type -> content.put(type.toString(), Map.of()));
            response.put("content", content);
        }
        operation.put("responses", Map.of(String.valueOf(model.status), response));
        if (model.deprecated) {
            operation.put("deprecated", true);
        }
        return operation;
    }

    private Map<String, Object> parameter(OperationModel.Param p) {
        Map<String, Object> parameter = new LinkedHashMap<>();
        parameter.put("name", p.name());
        parameter.put("in", p.in());
        if (p.required() || p.in().equals("path")) {
            parameter.put("required", true);
        }
        Map<String, Object> schema = p.type() == null ? new LinkedHashMap<>(Map.of("type", "string"))
                : schemas.schema(p.type(), p.annotations());
        if (p.pattern() != null) {
            schema.put("pattern", p.pattern());
        }
        if (p.defaultValue() != null) {
            schema.put("default", typed(p.defaultValue(), schema.get("type")));
        }
        if (AnnotationValues.find(p.annotations(), "java.lang.Deprecated").isPresent()) {
            parameter.put("deprecated", true);
        }
        parameter.put("schema", schema);
        return parameter;
    }

    /** A default value given as text, as a value of the schema's type. */
    private static Object typed(Object value, Object type) {
        String text = value.toString();
        try {
            if ("integer".equals(type)) {
                return Long.parseLong(text);
            }
            if ("number".equals(type)) {
                return new BigDecimal(text);
            }
            if ("boolean".equals(type) && (text.equals("true") || text.equals("false"))) {
                return Boolean.parseBoolean(text);
            }
        } catch (NumberFormatException e) {
            // keep the text
        }
        return text;
    }

    private Map<String, Object> requestBody(RouteInfo route, OperationModel model) {
        Map<String, Object> content = new LinkedHashMap<>();
        if (model.requestBody != null) {
            for (String type : mediaTypes(route.consumes(), model.requestBody)) {
                content.put(type, Map.of("schema", schemas.schema(model.requestBody)));
            }
        } else if (!model.formFields.isEmpty()) {
            Map<String, Object> properties = new LinkedHashMap<>();
            model.formFields.forEach((name, type) -> properties.put(name, schemas.schema(type)));
            Map<String, Object> schema = new LinkedHashMap<>();
            schema.put("type", "object");
            schema.put("properties", properties);
            content.put("application/x-www-form-urlencoded", Map.of("schema", schema));
        } else {
            return null;
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("content", content);
        if (model.requestBody == null || model.requestBodyRequired) {
            body.put("required", true);
        }
        return body;
    }

    /** The route's declared types, else what Brisk's codecs send for {@code type}. */
    private List<String> mediaTypes(List<MediaType> declared, Type type) {
        if (!declared.isEmpty()) {
            return declared.stream().map(MediaType::toString).distinct().toList();
        }
        Type raw = type instanceof ParameterizedType parameterized ? parameterized.getRawType()
                : type;
        if (raw == String.class || raw == CharSequence.class) {
            return List.of("text/plain");
        }
        if (raw == byte[].class) {
            return List.of("application/octet-stream");
        }
        return List.of("application/json");
    }
}
