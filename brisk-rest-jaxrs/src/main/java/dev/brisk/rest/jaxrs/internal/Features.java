package dev.brisk.rest.jaxrs.internal;

import dev.brisk.rest.jaxrs.CorsFeature;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.Feature;

/**
 * Refuses, at startup, the {@code Feature}s and {@code DynamicFeature}s Brisk does not run, naming what replaces
 * them; and tells which of Jersey's features Brisk serves itself or replaces (so registering them changes no route).
 */
final class Features {

    /** Jersey's Jackson support: Brisk reads and writes JSON with Jackson itself. */
    private static final String JACKSON_FEATURE = "org.glassfish.jersey.jackson.JacksonFeature";
    /** Jersey's request and response logging: Brisk's access log logs requests instead. */
    private static final String LOGGING_FEATURE = "org.glassfish.jersey.logging.LoggingFeature";
    private static final System.Logger LOG = System.getLogger("dev.brisk.rest.jaxrs");

    private Features() {
    }

    /**
     * Whether {@code type} is one of Jersey's features whose job Brisk does itself (said once, at startup); Jersey's
     * {@code JacksonFeature} makes {@code providers} map JSON with Jackson 2, as Jersey's Jackson provider does.
     */
    static boolean servedByBrisk(Class<?> type, Providers providers) {
        if (type.getName().equals(JACKSON_FEATURE)) {
            if (Jackson2Presence.PRESENT) {
                providers.mapJsonWithJackson2();
            }
            LOG.log(System.Logger.Level.INFO, JACKSON_FEATURE + " is registered: Brisk reads and writes JSON "
                    + (Jackson2Presence.PRESENT ? "with Jackson 2, as Jersey's Jackson provider does (a "
                    + "ContextResolver<ObjectMapper> configures it)" : "with Jackson 3 (a ContextResolver<JsonMapper> "
                    + "configures it)"));
            return true;
        }
        if (type.getName().equals(LOGGING_FEATURE)) {
            // logging only: the application's routes answer the same without it
            LOG.log(System.Logger.Level.WARNING, LOGGING_FEATURE + " is registered but Brisk does not run it, so "
                    + "requests and entities are not logged by it; Brisk's access log writes a line per request "
                    + "instead: Brisk.server().observability(o -> o.accessLog(AccessLogOptions.DEFAULT)), logger "
                    + "brisk.access");
            return true;
        }
        return false;
    }

    /** Throws when {@code type} is a feature Brisk cannot run, saying what to register instead. */
    static void refuse(Class<?> type, Application application) {
        String by = application == null ? "" : " (registered by " + application.getClass().getName() + ")";
        String name = type.getName();
        if (name.equals("org.glassfish.jersey.media.multipart.MultiPartFeature")) {
            throw new IllegalArgumentException(name + by + " is Jersey's multipart support: Brisk reads "
                    + "multipart/form-data itself as Jakarta REST EntityParts; remove it and take @FormParam "
                    + "EntityPart (or List<EntityPart>) parameters instead of @FormDataParam");
        }
        if (DynamicFeature.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException(name + by + " is a DynamicFeature, which Brisk does not run (it "
                    + "binds providers per resource method at Jersey's runtime); bind the providers it registers "
                    + "with @NameBinding annotations on the resource methods instead");
        }
        if (Feature.class.isAssignableFrom(type) && !name.equals(JACKSON_FEATURE) && !name.equals(LOGGING_FEATURE)
                && type != CorsFeature.class) {
            throw new IllegalArgumentException(name + by + " is a Feature, which Brisk does not run"
                    + (name.startsWith("org.glassfish.jersey.") ? " (a Jersey-only one)" : "")
                    + "; register the resources and providers its configure(FeatureContext) registers directly");
        }
    }
}
