package dev.brisk.rest.jaxrs.compat;

import dev.brisk.rest.jaxrs.CorsFeature;
import dev.brisk.rest.web.CorsConfig;

import java.time.Duration;
import java.util.Set;

/** {@link TodoApplication} with Brisk's {@link CorsFeature} in place of its CORS response filter. */
public class BriskCorsTodoApplication extends TodoApplication {

    static final String ALLOWED_ORIGIN = "https://app.example.com";

    public BriskCorsTodoApplication(TaskStore store) {
        super(store, new FilterTrace());
    }

    @Override
    public Set<Class<?>> getClasses() {
        Set<Class<?>> classes = super.getClasses();
        classes.remove(CorsFilter.class);
        return classes;
    }

    @Override
    @SuppressWarnings("deprecation")
    public Set<Object> getSingletons() {
        Set<Object> singletons = super.getSingletons();
        singletons.add(CorsFeature.create(CorsConfig.builder()
                .allowedOrigins(ALLOWED_ORIGIN)
                .allowedHeaders("Content-Type", "Authorization")
                .exposedHeaders("Location")
                .allowCredentials(true)
                .maxAge(Duration.ofHours(1))
                .build()));
        return singletons;
    }
}
