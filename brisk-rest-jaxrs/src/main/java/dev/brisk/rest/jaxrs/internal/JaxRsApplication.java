package dev.brisk.rest.jaxrs.internal;

import dev.brisk.rest.jaxrs.internal.runtime.MediaTypes;
import dev.brisk.rest.Filter;
import dev.brisk.rest.Route;
import dev.brisk.rest.RunOn;
import dev.brisk.rest.spi.BeanValidation;
import dev.brisk.rest.spi.Invokers;
import dev.brisk.rest.spi.OptionalLibraries;
import io.netty.handler.codec.http.HttpMethod;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.MediaType;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * The resources and providers registered with one server, turned into Brisk routes at startup: resource methods and
 * sub-resource locator chains are flattened into routes; everything per-request is decided here once.
 */
public final class JaxRsApplication {

    private static final int MAX_LOCATOR_DEPTH = 8;

    private final Providers providers = new Providers();
    private final EntityIO entities = new EntityIO(providers);
    private final Params params = new Params(providers, entities);
    private final Map<Object, List<Route>> routes = new IdentityHashMap<>();
    private final List<ResourceHandler> handlers = new ArrayList<>();

    /** Whether Brisk serves {@code type}: a resource, a provider or an {@code Application}. */
    public static boolean supports(Class<?> type) {
        return Application.class.isAssignableFrom(type) || Annotations.classPath(type) != null
                || Providers.isProvider(type);
    }

    /** Reads every registered object: providers first (resources' plans depend on them), then resources. */
    public void prepare(List<Object> registered) {
        record Resource(Object key, Object instance, Class<?> type, String applicationPath) {
        }
        List<Resource> resources = new ArrayList<>();
        for (Object object : registered) {
            if (object instanceof Application application) {
                String applicationPath = applicationPath(application);
                for (Object singleton : application.getSingletons()) {
                    if (Annotations.classPath(singleton.getClass()) != null) {
                        resources.add(new Resource(application, singleton, singleton.getClass(), applicationPath));
                    } else {
                        addProvider(singleton);
                    }
                }
                for (Class<?> type : application.getClasses()) {
                    if (Annotations.classPath(type) != null) {
                        resources.add(new Resource(application, null, type, applicationPath));
                    } else {
                        addProvider(instantiate(type));
                    }
                }
            } else if (Annotations.classPath(object.getClass()) != null) {
                resources.add(new Resource(object, object, object.getClass(), "/"));
                if (Providers.isProvider(object.getClass())) {
                    addProvider(object);
                }
            } else {
                addProvider(object);
            }
        }
        for (Resource resource : resources) {
            Function<Exchange, Object> supplier;
            if (resource.instance() != null) {
                ContextInjection.inject(resource.instance());
                Object instance = resource.instance();
                supplier = exchange -> instance;
            } else {
                Class<?> type = resource.type();
                instantiate(type);
                Params.Injector injector = params.injector(type, null);
                supplier = exchange -> {
                    Object instance = instantiate(type);
                    try {
                        injector.fill(instance, exchange);
                    } catch (RuntimeException e) {
                        throw e;
                    } catch (Exception e) {
                        throw new IllegalStateException("cannot fill the fields of " + type.getName(), e);
                    }
                    return instance;
                };
            }
            List<Route> built = routes.computeIfAbsent(resource.key(), k -> new ArrayList<>());
            String root = PathTemplate.join(resource.applicationPath(), Annotations.classPath(resource.type()).value());
            scan(resource.type(), resource.type(), root, resource.applicationPath(), supplier, List.of(), built, 0);
        }
        linkRivals();
    }

    private void addProvider(Object provider) {
        ContextInjection.inject(provider);
        providers.add(provider);
    }

    private static Object instantiate(Class<?> type) {
        try {
            java.lang.reflect.Constructor<?> constructor = type.getDeclaredConstructor();
            constructor.setAccessible(true);
            return constructor.newInstance();
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(type.getName() + " needs a no-argument constructor to be created per "
                    + "request; or register an instance");
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("cannot create " + type.getName() + ": " + e.getMessage(), e);
        }
    }

    private static String applicationPath(Application application) {
        ApplicationPath path = Annotations.find(application.getClass(), ApplicationPath.class);
        return path == null ? "/" : PathTemplate.join(path.value());
    }

    /** The routes of a registered object (none for providers). */
    public List<Route> routes(Object registered) {
        return routes.getOrDefault(registered, List.of());
    }

    /** The filters to run before routing ({@code @PreMatching} request filters), if any. */
    public List<Filter> filters() {
        return providers.preMatchingFilters().isEmpty() ? List.of() : List.of(new PreMatchingFilters(providers,
                entities));
    }

    private void scan(Class<?> type, Class<?> root, String prefix, String applicationPath,
                      Function<Exchange, Object> supplier, List<Method[]> locators, List<Route> out, int depth) {
        if (depth > MAX_LOCATOR_DEPTH) {
            throw new IllegalArgumentException("sub-resource locators nest deeper than " + MAX_LOCATOR_DEPTH
                    + " at " + type.getName() + " (a cycle?)");
        }
        for (Method method : type.getMethods()) {
            if (method.isBridge() || method.isSynthetic() || method.getDeclaringClass() == Object.class
                    || Modifier.isStatic(method.getModifiers())) {
                continue;
            }
            Method annotated = Annotations.annotated(method, type);
            if (annotated == null) {
                continue;
            }
            String http = Annotations.httpMethod(annotated);
            Path path = annotated.getAnnotation(Path.class);
            if (http == null && path == null) {
                continue;
            }
            String template = PathTemplate.join(prefix, path == null ? null : path.value());
            List<Method[]> chain = new ArrayList<>(locators);
            chain.add(new Method[] {method, annotated});
            if (http != null) {
                out.add(endpoint(http, template, type, root, applicationPath, supplier, chain));
            } else {
                Class<?> subresource = subresourceType(method);
                scan(subresource, root, template, applicationPath, supplier, chain, out, depth + 1);
            }
        }
    }

    private static Class<?> subresourceType(Method locator) {
        Class<?> type = locator.getReturnType();
        if (type == Class.class) {
            Type generic = locator.getGenericReturnType();
            if (generic instanceof ParameterizedType parameterized) {
                return GenericTypes.raw(parameterized.getActualTypeArguments()[0]);
            }
        }
        if (type == Object.class || type == Class.class || type == void.class) {
            throw new IllegalArgumentException("sub-resource locator " + locator + " must declare the type it "
                    + "returns (its methods are read at startup), not " + type.getSimpleName());
        }
        return type;
    }

    private Route endpoint(String http, String joined, Class<?> type, Class<?> root, String applicationPath,
                           Function<Exchange, Object> supplier, List<Method[]> chain) {
        PathTemplate template = PathTemplate.parse(joined);
        Method method = chain.get(chain.size() - 1)[0];
        Method annotated = chain.get(chain.size() - 1)[1];
        Set<Class<? extends Annotation>> bindings = new HashSet<>();
        bindings.addAll(Annotations.nameBindings(annotated));
        bindings.addAll(Annotations.nameBindings(method));
        bindings.addAll(Annotations.nameBindings(type));
        bindings.addAll(Annotations.nameBindings(root));
        EntityIO.Bound bound = new EntityIO.Bound(providers.readerInterceptors(bindings),
                providers.writerInterceptors(bindings));
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < chain.size(); i++) {
            steps.add(step(chain.get(i)[0], chain.get(i)[1], template, bound, i < chain.size() - 1));
        }
        Produces produces = annotated.isAnnotationPresent(Produces.class) ? annotated.getAnnotation(Produces.class)
                : Annotations.find(type, Produces.class);
        Consumes consumes = annotated.isAnnotationPresent(Consumes.class) ? annotated.getAnnotation(Consumes.class)
                : Annotations.find(type, Consumes.class);
        List<dev.brisk.codec.MediaType> producible = MediaTypes.parse(produces == null ? null : produces.value());
        List<dev.brisk.codec.MediaType> consumable = MediaTypes.parse(consumes == null ? null : consumes.value());
        RunOn runOn = method.isAnnotationPresent(RunOn.class) ? method.getAnnotation(RunOn.class)
                : annotated.isAnnotationPresent(RunOn.class) ? annotated.getAnnotation(RunOn.class)
                : Annotations.find(type, RunOn.class) != null ? Annotations.find(type, RunOn.class)
                : Annotations.find(root, RunOn.class);
        String scheduler = runOn == null ? "" : runOn.value();
        Endpoint endpoint = new Endpoint(http, template, applicationPath, supplier, List.copyOf(steps), producible,
                consumable, scheduler, resultType(method.getGenericReturnType()), annotated.getAnnotations());
        ResourceHandler handler = new ResourceHandler(endpoint, providers, entities, bound, bindings);
        handlers.add(handler);
        return Route.of(HttpMethod.valueOf(http), template.routerTemplate())
                .produces(MediaTypes.conditions(producible))
                .consumes(MediaTypes.conditions(consumable))
                .scheduler(scheduler)
                .handlerMethod(method)
                .handler(handler);
    }

    private Step step(Method method, Method annotated, PathTemplate template, EntityIO.Bound bound, boolean locator) {
        ParamSource[] plan = params.forMethod(annotated, template.variables(), bound);
        int suspended = -1;
        for (int i = 0; i < plan.length; i++) {
            if (plan[i] == Params.SUSPENDED) {
                suspended = i;
            }
        }
        BeanValidation validation = OptionalLibraries.BEAN_VALIDATION ? BeanValidation.forMethod(method) : null;
        return new Step(method, Invokers.create(method), plan, suspended, validation, locator);
    }

    /** The entity type a method's result carries: {@code T} of {@code CompletionStage<T>}, else the return type. */
    private static Type resultType(Type returnType) {
        Class<?> raw = GenericTypes.raw(returnType);
        if (raw != null && CompletionStage.class.isAssignableFrom(raw)) {
            return GenericTypes.firstArgument(returnType);
        }
        return returnType;
    }

    /**
     * For each endpoint, the endpoints of the same HTTP method whose templates rank higher by the specification's
     * precedence and could match the same paths: the router's segment order may pick the lower one first.
     */
    private void linkRivals() {
        for (ResourceHandler handler : handlers) {
            List<ResourceHandler> rivals = new ArrayList<>();
            Endpoint endpoint = handler.endpoint();
            for (ResourceHandler other : handlers) {
                Endpoint candidate = other.endpoint();
                if (other != handler && candidate.httpMethod().equals(endpoint.httpMethod())
                        && !candidate.template().template().equals(endpoint.template().template())
                        && PathTemplate.PRECEDENCE.compare(candidate.template(), endpoint.template()) < 0
                        && candidate.template().mayOverlap(endpoint.template())) {
                    rivals.add(other);
                }
            }
            rivals.sort((a, b) -> PathTemplate.PRECEDENCE.compare(a.endpoint().template(), b.endpoint().template()));
            handler.rivals(rivals);
        }
    }
}
