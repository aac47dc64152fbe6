package dev.brisk.rpc.internal.http;

import dev.brisk.rpc.internal.MethodInvoker;
import dev.brisk.rpc.internal.MethodModel;
import dev.brisk.rpc.internal.ServerService;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.lang.reflect.Parameter;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * What {@code GET /rpc} answers, an operator's view of what the server serves: for each service its wire name and, for
 * each method, its name, wire signature, the path that calls it, its parameters and result (generic types as written),
 * and how it runs (asynchronous, one-way, idempotent, time limit). Built once: services do not change while running.
 */
final class ServiceCatalog {

    private ServiceCatalog() {
    }

    /** The catalog of {@code services} as JSON. */
    static byte[] of(List<ServerService> services) {
        ObjectNode root = Problems.JSON.createObjectNode();
        ArrayNode list = root.putArray("services");
        for (ServerService service : services) {
            ObjectNode entry = list.addObject();
            String name = service.model().name();
            entry.put("name", name);
            entry.put("interface", service.model().type().getName());
            ArrayNode methods = entry.putArray("methods");
            for (MethodInvoker invoker : service.invokers()) {
                method(methods.addObject(), name, invoker, service.invokers());
            }
        }
        return Problems.JSON.writeValueAsBytes(root);
    }

    private static void method(ObjectNode out, String service, MethodInvoker invoker, List<MethodInvoker> all) {
        MethodModel model = invoker.model();
        String name = model.method().getName();
        out.put("name", name);
        out.put("signature", model.signature());
        out.put("path", "/rpc/" + encode(service) + "/"
                + (ambiguous(model, all) ? encode(model.signature()) : encode(name)));
        ArrayNode parameters = out.putArray("parameters");
        Parameter[] declared = model.method().getParameters();
        for (int i = 0; i < declared.length; i++) {
            ObjectNode parameter = parameters.addObject();
            if (declared[i].isNamePresent()) {
                parameter.put("name", declared[i].getName());
            }
            parameter.put("type", model.parameterTypes()[i].getTypeName());
        }
        out.put("returns", model.resultType().getTypeName());
        out.put("async", model.async());
        out.put("oneWay", model.oneWay());
        out.put("idempotent", model.idempotent());
        out.put("timeoutMillis", invoker.timeoutMillis());
    }

    /** Whether another method of the same name takes as many arguments: then only the signature names it. */
    private static boolean ambiguous(MethodModel model, List<MethodInvoker> all) {
        for (MethodInvoker other : all) {
            MethodModel candidate = other.model();
            if (candidate != model && candidate.method().getName().equals(model.method().getName())
                    && candidate.parameterCount() == model.parameterCount()) {
                return true;
            }
        }
        return false;
    }

    /** {@code segment} as a path segment: the characters RFC 3986 allows there as they are, the others %-encoded. */
    private static String encode(String segment) {
        StringBuilder out = new StringBuilder(segment.length());
        for (byte b : segment.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xFF);
            if (c < 0x80 && (Character.isLetterOrDigit(c) || "-._~!$&'()*+,;=:@".indexOf(c) >= 0)) {
                out.append(c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
            }
        }
        return out.toString();
    }
}
