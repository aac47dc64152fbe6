package dev.brisk.rest.spring.internal;

import dev.brisk.rest.support.OptionalLibraries;

/** Which optional Spring (and servlet) libraries the application has; checked without loading their classes. */
public final class SpringClasses {

    /** The servlet API: Spring MVC's own exception types extend its {@code ServletException}. */
    static final boolean SERVLET_API = present("jakarta.servlet.ServletException");

    /** Brisk's servlet facade (brisk-rest-servlet): servlet request, response and session parameters. */
    static final boolean SERVLET_FACADE = SERVLET_API && present("dev.brisk.rest.servlet.ServletSupport");

    /** spring-context: data binding results, method validation and {@code @DateTimeFormat}. */
    static final boolean CONTEXT = present("org.springframework.validation.BindingResult");

    /** Spring MVC's {@code NoResourceFoundException} (spring-webmvc, which needs the servlet API). */
    static final boolean WEBMVC_RESOURCES = SERVLET_API
            && present("org.springframework.web.servlet.resource.NoResourceFoundException");

    /** Spring MVC's return types for streamed responses ({@code StreamingResponseBody}, {@code SseEmitter}...). */
    static final boolean WEBMVC = present(
            "org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter");

    /** Spring Security's {@code @AuthenticationPrincipal} and SpEL (spring-security-core, spring-expression). */
    static final boolean SECURITY = present("org.springframework.security.core.annotation.AuthenticationPrincipal")
            && present("org.springframework.expression.spel.standard.SpelExpressionParser");

    /** Jakarta Bean Validation with a provider. */
    static final boolean VALIDATION = OptionalLibraries.BEAN_VALIDATION;

    private SpringClasses() {
    }

    /**
     * Whether Spring MVC's interceptors can run: spring-webmvc, the servlet API and Brisk's servlet facade (checked
     * here, not in {@code MvcInterceptors}, whose loading needs Spring MVC).
     */
    public static boolean mvcInterceptors() {
        return WEBMVC && SERVLET_FACADE;
    }

    /**
     * Whether Spring MVC's resource handlers can be served: Spring MVC's interceptors can run, and spring-context gives
     * the application context they resolve their locations in.
     */
    public static boolean mvcResourceHandlers() {
        return mvcInterceptors() && CONTEXT;
    }

    /** Whether {@code type} is a Spring application context (checked without loading spring-context's classes). */
    public static boolean isApplicationContext(Class<?> type) {
        return GlobalCors.implementsType(type, "org.springframework.context.ApplicationContext");
    }

    /**
     * Whether {@code className} can be loaded and used from this module: on the module path a library the module
     * only {@code requires static} may be loadable but not read by it, and then counts as absent.
     */
    private static boolean present(String className) {
        try {
            Class<?> type = Class.forName(className, false, SpringClasses.class.getClassLoader());
            return SpringClasses.class.getModule().canRead(type.getModule());
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
