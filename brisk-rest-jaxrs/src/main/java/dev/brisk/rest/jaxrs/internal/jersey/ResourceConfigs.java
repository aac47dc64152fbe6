package dev.brisk.rest.jaxrs.internal.jersey;

import dev.brisk.rest.jaxrs.internal.ApplicationContents;
import dev.brisk.rest.jaxrs.internal.ProgrammaticMethod;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.MediaType;
import org.glassfish.jersey.internal.inject.Binder;
import org.glassfish.jersey.model.internal.CommonConfig;
import org.glassfish.jersey.model.internal.ComponentBag;
import org.glassfish.jersey.process.Inflector;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.model.Invocable;
import org.glassfish.jersey.server.model.MethodHandler;
import org.glassfish.jersey.server.model.Resource;
import org.glassfish.jersey.server.model.ResourceMethod;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Reads a Jersey {@link ResourceConfig}: its registered classes (with those its {@code packages(...)} and scanning
 * properties find, which Jersey's own {@code getClasses()} scans for), its instances, its properties and its
 * programmatic {@link Resource}s; what Brisk cannot honour (injection binders) is refused here, naming the
 * replacement. Loaded only when Jersey is on the class path.
 */
public final class ResourceConfigs {

    private static final String HK2_BINDER = "org.glassfish.hk2.utilities.Binder";
    private static final String JACKSON_FEATURE = "org.glassfish.jersey.jackson.JacksonFeature";
    private static final String JSON_BINDING_FEATURE = "org.glassfish.jersey.jsonb.JsonBindingFeature";

    private ResourceConfigs() {
    }

    /** What {@code application}, a {@code ResourceConfig}, registers. */
    public static ApplicationContents read(Application application) {
        ResourceConfig config = (ResourceConfig) application;
        String name = config.getClass().getName();
        List<Object> singletons = new ArrayList<>();
        ComponentBag registered = registrations(config);
        for (Object instance : registered == null ? config.getInstances() : registered.getInstances()) {
            if (instance instanceof Binder || implementsByName(instance.getClass(), HK2_BINDER)) {
                throw new IllegalArgumentException(name + " registers the injection binder "
                        + instance.getClass().getName() + ": Brisk has no injection container (HK2, CDI) to bind "
                        + "into; create the objects it binds and pass them to the resources' constructors, "
                        + "registering those resources as instances (register(new MyResource(service)))");
            }
            singletons.add(instance);
        }
        Set<Class<?>> classes = new LinkedHashSet<>(registered == null ? Set.of() : registered.getClasses());
        List<Class<?>> scanned = new ArrayList<>(config.getClasses()); // adds what packages(...) found
        scanned.removeAll(classes);
        scanned.sort(Comparator.comparing(Class::getName));
        classes.addAll(scanned);
        Class<?> jackson = discoveredJacksonFeature(config);
        if (jackson != null) {
            classes.add(jackson);
        }
        Map<String, Object> properties = new LinkedHashMap<>();
        config.getProperties().forEach((key, value) -> {
            if (key != null && value != null) {
                properties.put(key, value);
            }
        });
        List<ProgrammaticMethod> programmatic = new ArrayList<>();
        for (Resource resource : config.getResources()) {
            read(resource, "", name, programmatic);
        }
        return new ApplicationContents(singletons, List.copyOf(classes), properties, programmatic);
    }

    /**
     * Jersey's {@code JacksonFeature} when Jersey would register it itself (its auto-discovery): Jersey's Jackson
     * support is on the class path, the application does not register the feature, neither auto-discovery nor JSON
     * processing is turned off, and Jersey's JSON Binding support, which Jersey's discovery prefers, is absent. Null
     * otherwise.
     */
    private static Class<?> discoveredJacksonFeature(ResourceConfig config) {
        Map<String, Object> properties = config.getProperties();
        for (String off : List.of(ApplicationContents.AUTO_DISCOVERY_DISABLED,
                ApplicationContents.SERVER_AUTO_DISCOVERY_DISABLED, ApplicationContents.JSON_PROCESSING_DISABLED,
                ApplicationContents.SERVER_JSON_PROCESSING_DISABLED)) {
            if (ApplicationContents.flag(properties.get(off), false)) {
                return null;
            }
        }
        ClassLoader loader = config.getClass().getClassLoader();
        Class<?> feature = load(JACKSON_FEATURE, loader);
        return feature == null || config.isRegistered(feature) || load(JSON_BINDING_FEATURE, loader) != null ? null
                : feature;
    }

    private static Class<?> load(String name, ClassLoader loader) {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }

    /**
     * The registrations of {@code config} in the order they were made, which decides among providers of one priority
     * as in Jersey ({@code getClasses()} and {@code getInstances()} are hash sets); null if Jersey's internals differ.
     */
    private static ComponentBag registrations(ResourceConfig config) {
        try {
            Field state = ResourceConfig.class.getDeclaredField("state");
            state.setAccessible(true);
            return state.get(config) instanceof CommonConfig common ? common.getComponentBag() : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private static void read(Resource resource, String parent, String origin, List<ProgrammaticMethod> out) {
        String path = join(parent, resource.getPath());
        if (resource.getResourceLocator() != null) {
            throw new IllegalArgumentException(origin + " declares a programmatic sub-resource locator at '" + path
                    + "': Brisk builds routes at startup and cannot follow a locator's runtime result; declare the "
                    + "sub-resource as a child resource (Resource.Builder.addChildResource) instead");
        }
        for (ResourceMethod method : resource.getResourceMethods()) {
            out.add(method(method, path, origin));
        }
        for (Resource child : resource.getChildResources()) {
            read(child, path, origin, out);
        }
    }

    private static ProgrammaticMethod method(ResourceMethod method, String path, String origin) {
        Invocable invocable = method.getInvocable();
        MethodHandler handler = invocable.getHandler();
        Supplier<Object> target = handler.isClassBased() ? perRequest(handler.getHandlerClass())
                : singleton(handler.getInstance(null));
        String where = origin + " " + method.getHttpMethod() + " " + path;
        return new ProgrammaticMethod(method.getHttpMethod(), path, names(method.getConsumedTypes()),
                names(method.getProducedTypes()), target, invocable.getHandlingMethod(),
                invocable.isInflector() ? ResourceConfigs::inflect : null, where);
    }

    @SuppressWarnings("unchecked")
    private static Object inflect(Object inflector, Object[] args) {
        return ((Inflector<Object, Object>) inflector).apply(args[0]);
    }

    private static Supplier<Object> singleton(Object instance) {
        return () -> instance;
    }

    private static Supplier<Object> perRequest(Class<?> type) {
        Constructor<?> constructor;
        try {
            constructor = type.getDeclaredConstructor();
            constructor.setAccessible(true);
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(type.getName() + " handles a programmatic resource method and needs "
                    + "a no-argument constructor to be created per request; or give the method an instance "
                    + "(handledBy(instance, method))");
        }
        return () -> {
            try {
                return constructor.newInstance();
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot create " + type.getName() + ": " + e.getMessage(), e);
            }
        };
    }

    private static List<String> names(List<MediaType> types) {
        List<String> names = new ArrayList<>(types.size());
        for (MediaType type : types) {
            names.add(type.toString());
        }
        return names;
    }

    private static String join(String parent, String path) {
        String child = path == null ? "" : path;
        if (child.isEmpty() || child.equals("/")) {
            return parent.isEmpty() ? "/" : parent;
        }
        String tail = child.startsWith("/") ? child : "/" + child;
        return parent.endsWith("/") ? parent.substring(0, parent.length() - 1) + tail : parent + tail;
    }

    private static boolean implementsByName(Class<?> type, String interfaceName) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Class<?> i : c.getInterfaces()) {
                if (i.getName().equals(interfaceName) || implementsByName(i, interfaceName)) {
                    return true;
                }
            }
        }
        return false;
    }
}
