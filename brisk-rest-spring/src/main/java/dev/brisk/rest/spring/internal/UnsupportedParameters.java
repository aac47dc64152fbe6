package dev.brisk.rest.spring.internal;

import org.springframework.core.MethodParameter;

import java.lang.annotation.Annotation;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Map;

/**
 * Refuses, when the server starts, parameters that have no meaning on Brisk (views, servlet parts, and servlet
 * objects and sessions without the servlet facade), saying what to use instead.
 */
final class UnsupportedParameters {

    private static final String MULTIPART = "take the uploaded files as MultipartFile parameters (@RequestParam or "
            + "@RequestPart, alone, in a List or an array), other parts with @RequestPart, or Brisk's "
            + "RequestContext.multipart()";
    private static final String NO_SERVLET = "servlet parameters need Brisk's servlet facade, "
            + "dev.brisk:brisk-rest-servlet (the Spring Boot starter brings it), and the servlet API; or ";
    private static final String NO_SESSION = "sessions need Brisk's servlet facade, dev.brisk:brisk-rest-servlet "
            + "(the Spring Boot starter brings it), and the servlet API, then take an HttpSession; or keep such state "
            + "in a store of the application's keyed by a cookie or a token, read with @CookieValue or @RequestHeader";

    private static final String SESSION_ATTRIBUTES = "take an HttpSession parameter and use its attributes (with "
            + "Brisk's servlet facade, dev.brisk:brisk-rest-servlet, which the Spring Boot starter brings)";

    private static final Map<String, String> TYPES = Map.ofEntries(
            Map.entry("jakarta.servlet.ServletRequest", NO_SERVLET + "take the values themselves (@RequestHeader, "
                    + "@RequestParam, @CookieValue, @RequestBody...), Spring's WebRequest, or Brisk's RequestContext"),
            Map.entry("jakarta.servlet.http.HttpServletRequest", NO_SERVLET + "take the values themselves "
                    + "(@RequestHeader, @RequestParam, @CookieValue, @RequestBody...), Spring's WebRequest, or "
                    + "Brisk's RequestContext"),
            Map.entry("jakarta.servlet.ServletResponse", NO_SERVLET + "return a ResponseEntity to set the status "
                    + "and headers, or take Brisk's RequestContext"),
            Map.entry("jakarta.servlet.http.HttpServletResponse", NO_SERVLET + "return a ResponseEntity to set the "
                    + "status and headers, or take Brisk's RequestContext"),
            Map.entry("jakarta.servlet.http.HttpSession", NO_SESSION),
            Map.entry("jakarta.servlet.http.Part", MULTIPART),
            Map.entry("org.springframework.web.multipart.MultipartRequest", MULTIPART),
            Map.entry("org.springframework.web.multipart.MultipartHttpServletRequest", MULTIPART),
            Map.entry("org.springframework.ui.Model", "views are not supported: return the body "
                    + "(@RestController or @ResponseBody)"),
            Map.entry("org.springframework.ui.ModelMap", "views are not supported: return the body "
                    + "(@RestController or @ResponseBody)"),
            Map.entry("org.springframework.web.servlet.mvc.support.RedirectAttributes", "views and redirect "
                    + "attributes are not supported: return a ResponseEntity with a Location header"),
            Map.entry("org.springframework.web.bind.support.SessionStatus", NO_SESSION),
            Map.entry("java.io.OutputStream", "write the body by returning it (a String, byte[], an object or a "
                    + "ResponseEntity)"),
            Map.entry("java.io.Writer", "write the body by returning it (a String, byte[], an object or a "
                    + "ResponseEntity)"));

    private UnsupportedParameters() {
    }

    /** Throws {@link IllegalArgumentException} saying what to use instead when Brisk cannot fill the parameter. */
    static void check(MethodParameter parameter) {
        if (SpringClasses.SERVLET_FACADE && ServletArguments.resolverOrNull(parameter.getParameterType()) != null) {
            return;
        }
        for (Annotation annotation : parameter.getParameterAnnotations()) {
            String name = annotation.annotationType().getName();
            if (name.equals("org.springframework.web.bind.annotation.SessionAttribute")) {
                throw new IllegalArgumentException("@SessionAttribute is not supported: " + SESSION_ATTRIBUTES);
            }
        }
        String reason = reason(parameter.getParameterType());
        if (reason == null) {
            reason = reason(element(parameter.getGenericParameterType()));
        }
        if (reason != null) {
            throw new IllegalArgumentException(parameter.getParameterType().getSimpleName() + ": " + reason);
        }
    }

    /** Refuses {@code @SessionAttributes} on a controller class. */
    static void checkClass(Class<?> type) {
        for (Annotation annotation : type.getAnnotations()) {
            if (annotation.annotationType().getName().equals(
                    "org.springframework.web.bind.annotation.SessionAttributes")) {
                throw new IllegalArgumentException(type.getName() + " has @SessionAttributes, which is not "
                        + "supported: " + SESSION_ATTRIBUTES);
            }
        }
    }

    private static String reason(Class<?> type) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            String reason = TYPES.get(c.getName());
            if (reason != null) {
                return reason;
            }
            for (Class<?> implemented : c.getInterfaces()) {
                reason = reason(implemented);
                if (reason != null) {
                    return reason;
                }
            }
        }
        return null;
    }

    /** The element type of a collection, array or Optional parameter (List&lt;MultipartFile&gt;...); else null. */
    private static Class<?> element(Type generic) {
        if (generic instanceof ParameterizedType parameterized
                && parameterized.getActualTypeArguments().length == 1
                && parameterized.getActualTypeArguments()[0] instanceof Class<?> element) {
            return element;
        }
        if (generic instanceof Class<?> array && array.isArray()) {
            return array.getComponentType();
        }
        return null;
    }
}
