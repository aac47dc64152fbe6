package dev.brisk.rest.spring.internal;

import org.junit.jupiter.api.Test;
import org.springframework.core.MethodParameter;
import org.springframework.http.MediaType;
import org.springframework.web.ErrorResponse;
import org.springframework.web.server.MethodNotAllowedException;
import org.springframework.web.server.MissingRequestValueException;
import org.springframework.web.server.NotAcceptableStatusException;
import org.springframework.web.server.UnsupportedMediaTypeStatusException;

import java.util.List;

import java.util.Locale;
import java.util.Map;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MissingRequestHeaderException;
import org.springframework.web.multipart.support.MissingServletRequestPartException;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Without the servlet API, the servlet-free exception types of spring-web stand in for Spring MVC's, with the same
 * statuses and details; with it, Spring MVC's own types are raised.
 */
class SpringErrorsTest {

    @SuppressWarnings("unused")
    private static void handler(String name) {
    }

    private static boolean extendsServletException(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (c.getName().startsWith("jakarta.servlet.")) {
                return true;
            }
        }
        return false;
    }

    private static int status(Exception e) {
        return ((ErrorResponse) e).getStatusCode().value();
    }

    @Test
    void servletFreeTypes() throws Exception {
        SpringErrors errors = SpringErrors.servletFree();
        MethodParameter parameter = new MethodParameter(
                SpringErrorsTest.class.getDeclaredMethod("handler", String.class), 0);
        List<Exception> raised = List.of(
                errors.missing(SpringErrors.Source.QUERY_PARAMETER, "name", parameter),
                errors.missingAttribute("name", parameter),
                errors.methodNotAllowed("DELETE", List.of("GET", "PUT")),
                errors.unsupportedMediaType("text/plain", List.of(MediaType.APPLICATION_JSON), "POST"),
                errors.notAcceptable(List.of(MediaType.APPLICATION_JSON)),
                errors.unsatisfiedConditions("the request does not meet the conditions", Map.of()),
                errors.missingPart("image", parameter));
        assertThat(raised).noneMatch(e -> extendsServletException(e.getClass()));
        assertThat(raised.get(0)).isInstanceOf(MissingRequestValueException.class);
        assertThat(raised.get(2)).isInstanceOf(MethodNotAllowedException.class);
        assertThat(((MethodNotAllowedException) raised.get(2)).getHeaders().getAllow()).hasSize(2);
        assertThat(raised.get(3)).isInstanceOf(UnsupportedMediaTypeStatusException.class);
        assertThat(raised.get(4)).isInstanceOf(NotAcceptableStatusException.class);
        assertThat(raised.get(6)).isInstanceOf(MissingRequestValueException.class)
                .hasMessageContaining("Required request part 'image' is not present");
        assertThat(raised.stream().map(SpringErrorsTest::status)).containsExactly(400, 400, 405, 415, 406, 400,
                400);
    }

    @Test
    void springMvcTypesWhenTheServletApiIsPresent() throws Exception {
        MethodParameter parameter = new MethodParameter(
                SpringErrorsTest.class.getDeclaredMethod("handler", String.class), 0);
        assertThat(SpringErrors.get().missing(SpringErrors.Source.HEADER, "X-A", parameter))
                .isInstanceOf(MissingRequestHeaderException.class);
        assertThat(SpringErrors.get().methodNotAllowed("DELETE", List.of("GET")))
                .isInstanceOf(HttpRequestMethodNotSupportedException.class);
        assertThat(SpringErrors.get().missingPart("image", parameter))
                .isInstanceOf(MissingServletRequestPartException.class);
    }

    @Test
    void acceptLanguageAsAcceptHeaderLocaleResolverReadsIt() {
        assertThat(Locales.parse("da, en-GB;q=0.8")).isEqualTo(Locale.forLanguageTag("da"));
        assertThat(Locales.parse("*;q=0.9, sv;q=0.1")).isEqualTo(Locale.forLanguageTag("sv"));
        assertThat(Locales.parse("not a header;;;")).isEqualTo(Locale.getDefault());
        assertThat(Locales.parse(null)).isEqualTo(Locale.getDefault());
    }
}
