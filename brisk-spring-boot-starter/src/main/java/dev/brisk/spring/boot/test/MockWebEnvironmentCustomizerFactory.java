package dev.brisk.spring.boot.test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.MergedContextConfiguration;
import org.springframework.test.context.TestContextAnnotationUtils;

import java.util.List;
import java.util.Map;

/**
 * In a {@code @SpringBootTest} with the (default) mock web environment, Brisk builds its request pipeline without
 * opening a port ({@code brisk.listen=false} unless the test sets it), as Boot starts no Tomcat there; the
 * {@link dev.brisk.test.TestClient} bean runs requests through it in process.
 */
public final class MockWebEnvironmentCustomizerFactory implements ContextCustomizerFactory {

    @Override
    public ContextCustomizer createContextCustomizer(Class<?> testClass,
                                                     List<ContextConfigurationAttributes> configAttributes) {
        SpringBootTest test = TestContextAnnotationUtils.findMergedAnnotation(testClass, SpringBootTest.class);
        if (test == null || test.webEnvironment() != SpringBootTest.WebEnvironment.MOCK) {
            return null;
        }
        return new NoListening();
    }

    /** Adds {@code brisk.listen=false} with the lowest precedence. */
    private static final class NoListening implements ContextCustomizer {

        @Override
        public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration merged) {
            context.getEnvironment().getPropertySources().addLast(new MapPropertySource("briskMockWebEnvironment",
                    Map.of("brisk.listen", "false")));
        }

        @Override
        public boolean equals(Object other) {
            return other != null && other.getClass() == getClass();
        }

        @Override
        public int hashCode() {
            return getClass().hashCode();
        }
    }
}
