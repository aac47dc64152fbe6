package dev.brisk.spring.boot.internal;

import dev.brisk.spring.boot.BriskApplicationContext;
import org.springframework.boot.autoconfigure.AutoConfigurationImportFilter;
import org.springframework.boot.autoconfigure.AutoConfigurationMetadata;
import org.springframework.context.ResourceLoaderAware;
import org.springframework.core.io.ResourceLoader;

import java.util.Set;

/**
 * Leaves out, in an application served by Brisk, the auto-configuration Brisk does itself: Actuator's management
 * context (Brisk runs the actuator's own port with a server of its own; Boot's would look for a servlet container's
 * factory when the servlet API is on the class path). Registered in {@code META-INF/spring.factories}.
 */
public final class BriskAutoConfigurationFilter implements AutoConfigurationImportFilter, ResourceLoaderAware {

    private static final Set<String> BRISK_DOES_ITSELF = Set.of(
            "org.springframework.boot.actuate.autoconfigure.web.server.ManagementContextAutoConfiguration");

    private ResourceLoader resourceLoader;

    @Override
    public void setResourceLoader(ResourceLoader resourceLoader) {
        this.resourceLoader = resourceLoader;
    }

    @Override
    public boolean[] match(String[] candidates, AutoConfigurationMetadata metadata) {
        boolean brisk = resourceLoader instanceof BriskApplicationContext;
        boolean[] matches = new boolean[candidates.length];
        for (int i = 0; i < candidates.length; i++) {
            matches[i] = !brisk || candidates[i] == null || !BRISK_DOES_ITSELF.contains(candidates[i]);
        }
        return matches;
    }
}
