package dev.brisk.rest.jaxrs.internal;

import dev.brisk.rest.Filter;
import dev.brisk.rest.Handler;
import dev.brisk.rest.Route;
import dev.brisk.rest.RouteParameter;
import dev.brisk.rest.RouteResponse;
import dev.brisk.rest.RunOn;
import dev.brisk.rest.jaxrs.CorsFeature;
import dev.brisk.rest.jaxrs.internal.jersey.JsonPadding;
import dev.brisk.rest.jaxrs.internal.jersey.ResourceConfigs;
import dev.brisk.rest.jaxrs.internal.runtime.MediaTypes;
import dev.brisk.rest.jaxrs.internal.sse.EventEncoder;
import dev.brisk.rest.jaxrs.internal.sse.SseSupport;
import dev.brisk.rest.support.BeanValidation;
import dev.brisk.rest.support.Invokers;
import dev.brisk.rest.support.OptionalLibraries;
import dev.brisk.rest.support.ResultTypes;
import io.netty.handler.codec.http.HttpMethod;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.Context;

import dev.brisk.codec.MediaType;
import dev.brisk.rest.spi.RoutingFailureHandler;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.sse.SseEventSink;
import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * The resources and providers registered with one server, turned into Brisk routes at startup: resource methods and
 * sub-resource locator chains are flattened into routes; everything per-request is decided here once.
 */
public final class JaxRsApplication {

    private static final int MAX_LOCATOR_DEPTH = 8;
    /** JAX-RS results that say nothing of their entity. */
    private static final ResultTypes RESULTS = ResultTypes.of(List.of(),
            List.of(Response.class, StreamingOutput.class));

    private final Providers providers = new Providers();
    private final EntityIO entities = new EntityIO(providers);
    private final SseSupport sse = new SseSupport(new EventEncoder((data, type, genericType, mediaType, out) ->
            entities.writeEntity(data, type, genericType, mediaType, new MultivaluedHashMap<>(),
                    out)));
    private final Params params = new Params(providers, entities, sse);
    /** The CORS rules of the application's routes, from a registered {@link CorsFeature}; null without one. */
    private CorsFeature cors;
    private final Failures failures = new Failures(providers);
    private final Map<Object, List<Route>> routes = new IdentityHashMap<>();
    private final List<ResourceHandler> handlers = new ArrayList<>();
    /** The registered object each handler comes from. */
    private final Map<ResourceHandler, Object> handlerKeys = new IdentityHashMap<>();
    /** What answers for the global providers when no resource method does; set by prepare. */
    private Responder globalResponder;
    private RoutingFailures routingFailures;
    /**
     * The paths whose 404s the application answers, each with its application path: an {@code Application}'s whole
     * {@code @ApplicationPath}; for resources registered on their own, the literal start of their {@code @Path}.
     */
    private final Map<String, String> claimedPaths = new HashMap<>();

    /** A resource class or instance, with the application that registered it (itself when registered alone). */
    private record Resource(Object key, Object instance, Class<?> type, String applicationPath, boolean validate) {
    }

    /** A resource method an application declares in code, with that application. */
    private record Programmatic(Object key, ProgrammaticMethod method, String applicationPath, boolean validate) {
    }

    /** Whether Brisk serves {@code type}: a resource, a provider or an {@code Application}. */
    public static boolean supports(Class<?> type) {
        return Application.class.isAssignableFrom(type) || Annotations.classPath(type) != null
                || Providers.isProvider(type) || type == CorsFeature.class;
    }

    /** Reads every registered object: providers first (resources' plans depend on them), then resources. */
    public void prepare(List<Object> registered) {
        List<Resource> resources = new ArrayList<>();
        List<Programmatic> programmatic = new ArrayList<>();
        for (Object object : registered) {
            if (object instanceof Application application) {
                String applicationPath = applicationPath(application);
                ApplicationContents contents = contents(application);
                boolean validate = !contents.validationDisabled();
                for (Object singleton : contents.singletons()) {
                    if (Annotations.classPath(singleton.getClass()) != null) {
                        resources.add(new Resource(application, singleton, singleton.getClass(), applicationPath,
                                validate));
                    } else {
                        addProvider(singleton, application);
                    }
                }
                for (Class<?> type : contents.classes()) {
                    if (type == CorsFeature.class) {
                        throw new IllegalArgumentException(application.getClass().getName() + " lists CorsFeature "
                                + "among its classes: it needs its CorsConfig; return CorsFeature.create(config) "
                                + "from getSingletons() instead");
                    }
                    if (Annotations.classPath(type) != null) {
                        resources.add(new Resource(application, null, type, applicationPath, validate));
                    } else {
                        Features.refuse(type, application);
                        if (!Features.servedByBrisk(type, providers)) {
                            addProvider(instantiate(type), application);
                        }
                    }
                }
                for (ProgrammaticMethod method : contents.programmatic()) {
                    programmatic.add(new Programmatic(application, method, applicationPath, validate));
                }
            } else if (Annotations.classPath(object.getClass()) != null) {
                resources.add(new Resource(object, object, object.getClass(), "/", true));
                if (Providers.isProvider(object.getClass())) {
                    addProvider(object, null);
                }
            } else {
                addProvider(object, null);
            }
        }
        for (Resource resource : resources) {
            Function<Exchange, Object> supplier;
            if (resource.instance() != null) {
                ContextInjection.inject(resource.instance(), sse);
                Object instance = resource.instance();
                supplier = exchange -> instance;
            } else {
                Class<?> type = resource.type();
                instantiate(type);
                Params.Injector injector = params.injector(type, null, null);
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
            boolean fromApplication = resource.key() instanceof Application;
            claimedPaths.putIfAbsent(fromApplication ? resource.applicationPath() : literalStart(root),
                    resource.applicationPath());
            int before = handlers.size();
            scan(resource.type(), resource.type(), root, resource.applicationPath(), supplier, List.of(), built, 0,
                    resource.validate());
            for (int i = before; i < handlers.size(); i++) {
                handlerKeys.put(handlers.get(i), resource.key());
            }
        }
        for (Programmatic entry : programmatic) {
            String root = PathTemplate.join(entry.applicationPath(), entry.method().path());
            claimedPaths.putIfAbsent(entry.applicationPath(), entry.applicationPath());
            routes.computeIfAbsent(entry.key(), k -> new ArrayList<>()).add(programmaticEndpoint(entry.method(),
                    root, entry.applicationPath(), entry.validate()));
            handlerKeys.put(handlers.get(handlers.size() - 1), entry.key());
        }
        linkRivals();
        globalResponder = new Responder(failures, entities, providers.responseFilters(Set.of()),
                new EntityIO.Bound(providers.readerInterceptors(Set.of()), providers.writerInterceptors(Set.of())));
        Map<Handler, String> owned = new IdentityHashMap<>();
        for (ResourceHandler handler : handlers) {
            owned.put(handler, handler.endpoint().applicationPath());
        }
        for (OptionsHandler options : automaticOptions()) {
            owned.put(options, options.applicationPath());
        }
        routingFailures = handlers.isEmpty() ? null : new RoutingFailures(globalResponder, owned, claimedPaths);
    }

    /** The segments of a template before its first variable, e.g. {@code /books} of {@code /books/{id}}. */
    private static String literalStart(String template) {
        int variable = template.indexOf('{');
        if (variable < 0) {
            return template;
        }
        int segmentEnd = template.lastIndexOf('/', variable);
        return segmentEnd <= 0 ? "/" : template.substring(0, segmentEnd);
    }

    /**
     * Adds an {@code OPTIONS} route to every path whose resources declare none (one per router path shape), as
     * Jersey does; each goes with the routes of the first resource that serves the path.
     */
    private List<OptionsHandler> automaticOptions() {
        record Group(Object key, String template, String applicationPath, Set<String> methods) {
        }
        Map<String, Group> groups = new LinkedHashMap<>();
        for (ResourceHandler handler : handlers) {
            Endpoint endpoint = handler.endpoint();
            String template = endpoint.template().routerTemplate();
            groups.computeIfAbsent(shapeOf(template), k -> new Group(handlerKeys.get(handler), template,
                    endpoint.applicationPath(), new LinkedHashSet<>())).methods().add(endpoint.httpMethod());
        }
        List<ContainerRequestFilter> requestFilters = providers.requestFilters(Set.of());
        List<OptionsHandler> added = new ArrayList<>();
        for (Group group : groups.values()) {
            if (group.methods().contains(HttpMethod.OPTIONS.name())) {
                continue;
            }
            Set<String> allowed = new LinkedHashSet<>();
            for (String method : group.methods()) {
                allowed.add(method);
                if (method.equals(HttpMethod.GET.name())) {
                    allowed.add(HttpMethod.HEAD.name());
                }
            }
            allowed.add(HttpMethod.OPTIONS.name());
            OptionsHandler handler = new OptionsHandler(Collections.unmodifiableSet(allowed),
                    OptionsHandler.plainText(group.methods()), group.applicationPath(),
                    requestFilters, globalResponder);
            routes.get(group.key()).add(Route.of(HttpMethod.OPTIONS, group.template())
                    .trailingSlashOptional(true).handler(handler));
            added.add(handler);
        }
        return added;
    }

    /** A router template without variable names: two templates of one shape match the same paths. */
    static String shapeOf(String template) {
        StringBuilder shape = new StringBuilder(template.length());
        int i = 0;
        while (i < template.length()) {
            char c = template.charAt(i);
            if (c != '{') {
                shape.append(c);
                i++;
                continue;
            }
            int depth = 1;
            int colon = -1;
            int j = i + 1;
            while (j < template.length() && depth > 0) {
                char d = template.charAt(j);
                if (d == '{') {
                    depth++;
                } else if (d == '}') {
                    depth--;
                } else if (d == ':' && depth == 1 && colon < 0) {
                    colon = j;
                }
                j++;
            }
            shape.append(colon < 0 ? "{}" : "{:" + template.substring(colon + 1, j - 1).trim() + "}");
            i = j;
        }
        return shape.toString();
    }

    /** Answers requests for the application's paths that no resource method takes; empty without resources. */
    public Optional<RoutingFailureHandler> routingFailureHandler() {
        return Optional.ofNullable(routingFailures);
    }

    /**
     * What {@code application} registers: read from a Jersey {@code ResourceConfig} when it is one, else from
     * {@code getSingletons()}, {@code getClasses()} and the packages its scanning properties name.
     */
    @SuppressWarnings("deprecation") // Application.getSingletons: still part of Jakarta REST, applications use it
    private static ApplicationContents contents(Application application) {
        ApplicationContents contents;
        if (JerseyPresence.isResourceConfig(application)) {
            contents = ResourceConfigs.read(application);
        } else {
            Map<String, Object> properties = new HashMap<>();
            if (application.getProperties() != null) {
                application.getProperties().forEach((name, value) -> {
                    if (name != null && value != null) {
                        properties.put(name, value);
                    }
                });
            }
            Set<Class<?>> classes = new LinkedHashSet<>();
            if (application.getClasses() != null) {
                classes.addAll(application.getClasses());
            }
            classes.addAll(ApplicationProperties.scanned(application, properties)); // each class once
            contents = new ApplicationContents(application.getSingletons() == null ? List.of()
                    : new ArrayList<>(application.getSingletons()), new ArrayList<>(classes), properties, List.of());
        }
        ApplicationProperties.warnUnused(application, contents.properties());
        return contents;
    }

    private void addProvider(Object provider, Application application) {
        Features.refuse(provider.getClass(), application);
        if (Features.servedByBrisk(provider.getClass(), providers)) {
            return;
        }
        if (provider instanceof CorsFeature feature) {
            if (cors != null && cors != feature) {
                throw new IllegalArgumentException("two CorsFeatures are registered (" + cors.config() + " and "
                        + feature.config() + "); the JAX-RS routes take one: combine the rules into one CorsConfig, "
                        + "or give path patterns their own with Brisk.server().web(w -> w.cors(pattern, config))");
            }
            cors = feature;
            return;
        }
        ContextInjection.inject(provider, sse);
        providers.add(provider);
    }

    private static Object instantiate(Class<?> type) {
        try {
            Constructor<?> constructor = type.getDeclaredConstructor();
            constructor.setAccessible(true);
            return constructor.newInstance();
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(type.getName() + " needs a no-argument constructor to be created per "
                    + "request; or register an instance" + contextConstructorHint(type));
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("cannot create " + type.getName() + ": " + e.getMessage(), e);
        }
    }

    /**
     * For a class whose constructor takes {@code @Context} parameters (Jersey injects them): what to write instead,
     * naming Jersey's {@code MessageBodyWorkers}' standard replacement when it is one of them.
     */
    private static String contextConstructorHint(Class<?> type) {
        for (Constructor<?> constructor : type.getDeclaredConstructors()) {
            boolean jerseyWorkers = false;
            boolean context = constructor.getParameterCount() > 0;
            for (int i = 0; i < constructor.getParameterCount(); i++) {
                context &= constructor.getParameters()[i].isAnnotationPresent(Context.class);
                jerseyWorkers |= constructor.getParameterTypes()[i].getName()
                        .equals("org.glassfish.jersey.message.MessageBodyWorkers");
            }
            if (context) {
                return ". Brisk does not inject @Context constructor parameters: declare them as @Context fields"
                        + " and add a no-argument constructor"
                        + (jerseyWorkers ? " (for Jersey's MessageBodyWorkers, a @Context jakarta.ws.rs.ext.Providers"
                        + " field: getMessageBodyWriter/getMessageBodyReader)" : "");
            }
        }
        return "";
    }

    /**
     * The path of {@code application}'s {@code @ApplicationPath}; a servlet-style mapping ({@code "api/*"}, {@code "/*"})
     * means the path before its {@code "/*"}, as in a servlet container.
     */
    private static String applicationPath(Application application) {
        ApplicationPath path = Annotations.find(application.getClass(), ApplicationPath.class);
        if (path == null) {
            return "/";
        }
        String value = path.value().trim();
        return PathTemplate.join(value.endsWith("/*") ? value.substring(0, value.length() - 2)
                : value.equals("*") ? "" : value);
    }

    /** The routes of a registered object (none for providers). */
    public List<Route> routes(Object registered) {
        return routes.getOrDefault(registered, List.of());
    }

    /** The filters to run before routing ({@code @PreMatching} request filters), if any. */
    public List<Filter> filters() {
        return providers.preMatchingFilters().isEmpty() ? List.of() : List.of(new PreMatchingFilters(providers,
                globalResponder, new TreeSet<>(claimedPaths.values())));
    }

    private void scan(Class<?> type, Class<?> root, String prefix, String applicationPath,
                      Function<Exchange, Object> supplier, List<Method[]> locators, List<Route> out, int depth,
                      boolean validate) {
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
                out.add(endpoint(http, template, type, root, applicationPath, supplier, chain, validate));
            } else {
                Class<?> subresource = subresourceType(method);
                scan(subresource, root, template, applicationPath, supplier, chain, out, depth + 1, validate);
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
                           Function<Exchange, Object> supplier, List<Method[]> chain, boolean validate) {
        PathTemplate template = PathTemplate.parse(joined);
        Method method = chain.get(chain.size() - 1)[0];
        Method annotated = chain.get(chain.size() - 1)[1];
        Set<Class<? extends Annotation>> bindings = new HashSet<>();
        bindings.addAll(Annotations.nameBindings(annotated));
        bindings.addAll(Annotations.nameBindings(method));
        bindings.addAll(Annotations.nameBindings(type));
        bindings.addAll(Annotations.nameBindings(root));
        EntityIO.Bound bound = new EntityIO.Bound(providers.readerInterceptors(bindings),
                writerInterceptors(method, annotated, bindings));
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < chain.size(); i++) {
            steps.add(step(chain.get(i)[0], chain.get(i)[1], template, bound, i < chain.size() - 1, validate));
        }
        Produces produces = annotated.isAnnotationPresent(Produces.class) ? annotated.getAnnotation(Produces.class)
                : Annotations.find(type, Produces.class);
        Consumes consumes = annotated.isAnnotationPresent(Consumes.class) ? annotated.getAnnotation(Consumes.class)
                : Annotations.find(type, Consumes.class);
        List<MediaType> producible = MediaTypes.parse(produces == null ? null : produces.value());
        List<MediaType> consumable = readsBody(steps.get(steps.size() - 1), annotated)
                ? MediaTypes.parse(consumes == null ? null : consumes.value()) : List.of();
        RunOn runOn = method.isAnnotationPresent(RunOn.class) ? method.getAnnotation(RunOn.class)
                : annotated.isAnnotationPresent(RunOn.class) ? annotated.getAnnotation(RunOn.class)
                : Annotations.find(type, RunOn.class) != null ? Annotations.find(type, RunOn.class)
                : Annotations.find(root, RunOn.class);
        String scheduler = runOn == null ? "" : runOn.value();
        Endpoint endpoint = new Endpoint(http, template, applicationPath, supplier, List.copyOf(steps), producible,
                consumable, scheduler, resultType(method.getGenericReturnType()), annotated.getAnnotations());
        ResourceHandler handler = new ResourceHandler(endpoint, providers, entities, failures, bound, bindings);
        handlers.add(handler);
        Route.Builder route = Route.of(HttpMethod.valueOf(http), template.routerTemplate())
                .produces(MediaTypes.conditions(producible))
                .consumes(MediaTypes.conditions(consumable))
                .trailingSlashOptional(true)
                .acceptsMissingContentType(true)
                .scheduler(scheduler)
                .handlerMethod(method)
                .parameters(parameters(steps))
                .response(response(method, annotated));
        if (cors != null) {
            route.cors(cors.config());
        }
        return route.handler(handler);
    }

    /** The writer interceptors of a resource method: those bound to it, with Jersey's JSONP if it is {@code @JSONP}. */
    private List<WriterInterceptor> writerInterceptors(Method method, Method annotated,
                                                       Set<Class<? extends Annotation>> bindings) {
        List<WriterInterceptor> interceptors = providers.writerInterceptors(bindings);
        JsonPadding padding = JerseyPresence.PRESENT ? JsonPadding.of(method, annotated) : null;
        if (padding == null) {
            return interceptors;
        }
        ContextInjection.inject(padding, sse);
        return Providers.with(interceptors, padding, JsonPadding.PRIORITY);
    }

    /**
     * The route of a resource method declared in code: an inflector, called with the request (Jersey's
     * {@code ContainerRequest} view of it), or a Java method whose parameters are resolved as a resource method's;
     * global filters and interceptors apply, as Jersey applies them to programmatic resources.
     */
    private Route programmaticEndpoint(ProgrammaticMethod declared, String joined, String applicationPath,
                                       boolean validate) {
        PathTemplate template = PathTemplate.parse(joined);
        EntityIO.Bound bound = new EntityIO.Bound(providers.readerInterceptors(Set.of()),
                providers.writerInterceptors(Set.of()));
        Method method = declared.method();
        Step step;
        RouteResponse response;
        if (declared.inflector() != null) {
            ParamSource request = exchange -> exchange.filterContext(entities);
            step = new Step(method, declared.inflector(), new ParamSource[] {request}, -1, null, false,
                    List.of());
            response = RouteResponse.undescribed(200);
        } else {
            try {
                step = step(method, method, template, bound, false, validate);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(declared.origin() + ": " + e.getMessage(), e);
            }
            response = response(method, method);
        }
        List<MediaType> producible = MediaTypes.parse(declared.produces().isEmpty() ? null
                : declared.produces().toArray(new String[0]));
        List<MediaType> consumable = declared.consumes().isEmpty() ? List.of()
                : MediaTypes.parse(declared.consumes().toArray(new String[0]));
        Function<Exchange, Object> supplier = exchange -> declared.handler().get();
        Endpoint endpoint = new Endpoint(declared.httpMethod(), template, applicationPath, supplier, List.of(step),
                producible, consumable, "", declared.inflector() != null ? Object.class
                : resultType(method.getGenericReturnType()), method.getAnnotations());
        ResourceHandler handler = new ResourceHandler(endpoint, providers, entities, failures, bound, Set.of());
        handlers.add(handler);
        Route.Builder route = Route.of(HttpMethod.valueOf(declared.httpMethod()), template.routerTemplate())
                .produces(MediaTypes.conditions(producible))
                .consumes(MediaTypes.conditions(consumable))
                .trailingSlashOptional(true)
                .acceptsMissingContentType(true)
                .handlerMethod(method)
                .parameters(step.parameters())
                .response(response);
        if (cors != null) {
            route.cors(cors.config());
        }
        return route.handler(handler);
    }

    /**
     * Whether a resource method reads the request body (an entity parameter or form fields): only then does its
     * {@code @Consumes} select it, as in Jersey, where a class-level {@code @Consumes} does not turn away a
     * {@code GET} that has no Content-Type.
     */
    private static boolean readsBody(Step step, Method annotated) {
        for (ParamSource source : step.plan()) {
            if (source instanceof EntitySource) {
                return true;
            }
        }
        for (Annotation[] annotations : annotated.getParameterAnnotations()) {
            for (Annotation annotation : annotations) {
                if (annotation instanceof FormParam || annotation instanceof BeanParam) {
                    return true;
                }
            }
        }
        return false;
    }

    private Step step(Method method, Method annotated, PathTemplate template, EntityIO.Bound bound, boolean locator,
                      boolean validate) {
        List<RouteParameter> published = new ArrayList<>();
        ParamSource[] plan = params.forMethod(annotated, template.variables(), bound, published);
        int suspended = -1;
        for (int i = 0; i < plan.length; i++) {
            if (plan[i] == Params.SUSPENDED) {
                suspended = i;
            }
        }
        BeanValidation validation = validate && OptionalLibraries.BEAN_VALIDATION ? BeanValidation.forMethod(method)
                : null;
        return new Step(method, Invokers.create(method), plan, suspended, validation, locator,
                List.copyOf(published));
    }

    /** What the route takes from the request: the parameters of its locators, then of its resource method. */
    private static List<RouteParameter> parameters(List<Step> steps) {
        List<RouteParameter> all = new ArrayList<>();
        for (Step step : steps) {
            all.addAll(step.parameters());
        }
        return all;
    }

    /**
     * The success response {@code method} declares: 204 without an entity for {@code void}, unless it answers later
     * through an {@code AsyncResponse} or an event sink with an entity its signature does not tell; else 200.
     */
    private static RouteResponse response(Method method, Method annotated) {
        for (Class<?> parameter : annotated.getParameterTypes()) {
            if (parameter == AsyncResponse.class
                    || parameter == SseEventSink.class) {
                return RouteResponse.undescribed(200);
            }
        }
        return RESULTS.response(method.getGenericReturnType(), 200, 204);
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
