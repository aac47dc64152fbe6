package dev.brisk.rest.spring.internal;

import dev.brisk.rest.RequestContext;
import org.springframework.core.MethodParameter;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.expression.Expression;
import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.expression.spel.support.StandardEvaluationContext;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.core.annotation.CurrentSecurityContext;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextImpl;

import java.lang.annotation.Annotation;

/**
 * Spring Security's parameters of handler and exception-handler methods, as its argument resolvers fill them:
 * {@code @AuthenticationPrincipal} (the authentication's principal) and {@code @CurrentSecurityContext} (the security
 * context), directly or as meta-annotations, with their SpEL {@code expression} and {@code errorOnInvalidType}. The
 * authentication is the request's own (the principal Security's request wrapper gives the servlet facade), else the
 * running thread's security context. Only loaded when Spring Security is present.
 */
final class SecurityArguments {

    private static final SpelExpressionParser PARSER = new SpelExpressionParser();

    private SecurityArguments() {
    }

    /** The resolver for a Security-annotated {@code parameter}, or null when it has neither annotation. */
    static ContextArguments.Resolver resolverOrNull(MethodParameter parameter) {
        AuthenticationPrincipal principal = find(parameter, AuthenticationPrincipal.class);
        if (principal != null) {
            Expression expression = parse(principal.expression(), parameter);
            return ctx -> {
                Authentication authentication = authentication(ctx);
                Object value = authentication == null ? null : authentication.getPrincipal();
                return checked(parameter, evaluate(expression, value), principal.errorOnInvalidType());
            };
        }
        CurrentSecurityContext context = find(parameter, CurrentSecurityContext.class);
        if (context != null) {
            Expression expression = parse(context.expression(), parameter);
            return ctx -> checked(parameter, evaluate(expression, securityContext(ctx)),
                    context.errorOnInvalidType());
        }
        return null;
    }

    /** {@code type} on the parameter itself or as a meta-annotation of one of its annotations, merged. */
    private static <A extends Annotation> A find(MethodParameter parameter, Class<A> type) {
        A direct = parameter.getParameterAnnotation(type);
        if (direct != null) {
            return direct;
        }
        for (Annotation annotation : parameter.getParameterAnnotations()) {
            A meta = AnnotatedElementUtils.findMergedAnnotation(annotation.annotationType(), type);
            if (meta != null) {
                return meta;
            }
        }
        return null;
    }

    private static Expression parse(String expression, MethodParameter parameter) {
        if (expression.isEmpty()) {
            return null;
        }
        try {
            return PARSER.parseExpression(expression);
        } catch (RuntimeException malformed) {
            throw new IllegalStateException("malformed expression '" + expression + "' on parameter "
                    + parameter.getParameterIndex() + " of " + parameter.getMethod() + ": " + malformed.getMessage(),
                    malformed);
        }
    }

    private static Object evaluate(Expression expression, Object root) {
        return expression == null || root == null ? root : expression.getValue(new StandardEvaluationContext(root));
    }

    private static Object checked(MethodParameter parameter, Object value, boolean errorOnInvalidType) {
        Class<?> type = parameter.getParameterType();
        if (value == null || type.isInstance(value)) {
            return value;
        }
        if (errorOnInvalidType) {
            throw new ClassCastException(value + " is not assignable to " + type.getName());
        }
        return null;
    }

    /** The request's authentication: what its servlet request carries as principal, else the thread's context's. */
    private static Authentication authentication(RequestContext ctx) {
        if (SpringClasses.SERVLET_FACADE && ServletArguments.principal(ctx) instanceof Authentication found) {
            return found;
        }
        return SecurityContextHolder.getContext().getAuthentication();
    }

    private static SecurityContext securityContext(RequestContext ctx) {
        SecurityContext current = SecurityContextHolder.getContext();
        Authentication authentication = authentication(ctx);
        if (current.getAuthentication() == authentication) {
            return current;
        }
        return new SecurityContextImpl(authentication);
    }
}
