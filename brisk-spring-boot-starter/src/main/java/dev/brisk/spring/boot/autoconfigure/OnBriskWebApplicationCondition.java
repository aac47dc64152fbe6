package dev.brisk.spring.boot.autoconfigure;

import dev.brisk.spring.boot.BriskApplicationContext;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/** See {@link ConditionalOnBriskWebApplication}. */
class OnBriskWebApplicationCondition extends SpringBootCondition {

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        if (!(context.getResourceLoader() instanceof BriskApplicationContext)) {
            return ConditionOutcome.noMatch("not a BriskApplicationContext (a reactive web "
                    + "stack is present, or the context was created otherwise)");
        }
        String type = context.getEnvironment().getProperty("spring.main.web-application-type");
        if (type != null && type.trim().equalsIgnoreCase("none")) {
            return ConditionOutcome.noMatch("spring.main.web-application-type=none");
        }
        return ConditionOutcome.match("a Brisk web application");
    }
}
