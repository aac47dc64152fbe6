package dev.brisk.rest.servlet.internal;

import dev.brisk.http.common.HttpStatus;

/** The RFC 9457 problem body of a {@code sendError}. */
final class Problems {

    private Problems() {
    }

    static String json(int status, String detail, String instance) {
        StringBuilder json = new StringBuilder("{\"type\":\"about:blank\",\"title\":");
        quote(json, HttpStatus.reasonPhrase(status)).append(",\"status\":").append(status);
        if (detail != null && !detail.isEmpty()) {
            quote(json.append(",\"detail\":"), detail);
        }
        quote(json.append(",\"instance\":"), instance);
        return json.append('}').toString();
    }

    private static StringBuilder quote(StringBuilder json, String text) {
        json.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> json.append("\\\"");
                case '\\' -> json.append("\\\\");
                case '\n' -> json.append("\\n");
                case '\r' -> json.append("\\r");
                case '\t' -> json.append("\\t");
                default -> {
                    if (c < 0x20) {
                        json.append(String.format("\\u%04x", (int) c));
                    } else {
                        json.append(c);
                    }
                }
            }
        }
        return json.append('"');
    }
}
