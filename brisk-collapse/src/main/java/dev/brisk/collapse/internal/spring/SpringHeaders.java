package dev.brisk.collapse.internal.spring;

import dev.brisk.collapse.internal.http.HeaderFields;
import org.springframework.http.HttpHeaders;
import org.springframework.util.MultiValueMap;

/** Spring's {@link HttpHeaders} as the collapsing key reads them, and what the Spring adapters ask of them. */
public final class SpringHeaders {

    private SpringHeaders() {
    }

    /** Every field of {@code headers}, one per value. */
    public static HeaderFields fields(HttpHeaders headers) {
        return field -> headers.forEach((name, values) -> {
            for (String value : values) {
                field.accept(name, value);
            }
        });
    }

    /**
     * Every field of {@code headers}, and the {@code cookies} a client sends beside them (WebClient keeps a request's
     * cookies apart until its connector writes them): each as a {@code Cookie} field {@code name=value}, so that they
     * count in the key as a {@code Cookie} header does.
     */
    public static HeaderFields fields(HttpHeaders headers, MultiValueMap<String, String> cookies) {
        if (cookies.isEmpty()) {
            return fields(headers);
        }
        return field -> {
            fields(headers).forEach(field);
            cookies.forEach((name, values) -> {
                for (String value : values) {
                    field.accept(HttpHeaders.COOKIE, name + "=" + value);
                }
            });
        };
    }

    /** Whether a response sets a cookie: such a response belongs to the one client that asked, never shared. */
    public static boolean setsCookie(HttpHeaders headers) {
        return headers.containsHeader(HttpHeaders.SET_COOKIE);
    }
}
