package dev.brisk.spring.boot.autoconfigure;

import org.springframework.context.annotation.Conditional;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Matches in a {@link dev.brisk.spring.boot.BriskApplicationContext} (servlet API on the class path or not) unless
 * {@code spring.main.web-application-type=none}: an application served by Brisk.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Conditional(OnBriskWebApplicationCondition.class)
public @interface ConditionalOnBriskWebApplication {
}
