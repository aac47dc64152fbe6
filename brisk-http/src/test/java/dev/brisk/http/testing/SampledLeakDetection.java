package dev.brisk.http.testing;

import io.netty.util.ResourceLeakDetector;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs a test class with Netty's leak detector at SIMPLE instead of the PARANOID the other classes run at, and puts
 * the level back after it. For floods and load: PARANOID records a stack trace for every buffer access, which would
 * be measured instead of the server (and slow a server down enough to hide how fast a flood grows). Leaks are still
 * sampled.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(SampledLeakDetection.Level.class)
public @interface SampledLeakDetection {

    /** Sets SIMPLE before the class's tests and restores the previous level after them. */
    final class Level implements BeforeAllCallback, AfterAllCallback {

        private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(Level.class);

        @Override
        public void beforeAll(ExtensionContext context) {
            context.getStore(NAMESPACE).put("level", ResourceLeakDetector.getLevel());
            ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.SIMPLE);
        }

        @Override
        public void afterAll(ExtensionContext context) {
            ResourceLeakDetector.setLevel(context.getStore(NAMESPACE)
                    .getOrDefault("level", ResourceLeakDetector.Level.class, ResourceLeakDetector.Level.PARANOID));
        }
    }
}
