package dev.brisk.spring.boot.rpc.internal;

import dev.brisk.rpc.RpcClient;
import dev.brisk.spring.boot.rpc.RpcReference;
import org.springframework.beans.factory.annotation.AnnotatedBeanDefinition;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.beans.factory.support.AutowireCandidateQualifier;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.core.type.MethodMetadata;
import org.springframework.util.ClassUtils;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Registers one bean per service interface that an injection point marked {@link RpcReference} asks for: the proxy of
 * the application's {@code RpcClient}, found by reading the classes of the bean definitions (their fields,
 * constructors and methods, {@code @Bean} methods included) before any bean is made, so that constructor injection
 * finds it like any bean. The proxy beans carry the {@code RpcReference} qualifier and are not default candidates:
 * they are injected only where {@code @RpcReference} asks, never in place of a local implementation.
 */
public final class ReferenceRegistrar implements BeanDefinitionRegistryPostProcessor {

    /** Classes that never ask for a proxy: the frameworks'. */
    private static final List<String> SKIPPED = List.of("java.", "javax.", "jakarta.", "org.springframework.");

    @Override
    public void postProcessBeanDefinitionRegistry(BeanDefinitionRegistry registry) {
        ClassLoader loader = registry instanceof ConfigurableListableBeanFactory factory
                && factory.getBeanClassLoader() != null ? factory.getBeanClassLoader()
                : ReferenceRegistrar.class.getClassLoader();
        Map<ReferencePoints.Reference, String> wanted = new LinkedHashMap<>();
        for (String name : registry.getBeanDefinitionNames()) {
            for (Class<?> type : classesOf(registry.getBeanDefinition(name), loader)) {
                if (SKIPPED.stream().noneMatch(type.getName()::startsWith)) {
                    points(type).forEach(wanted::putIfAbsent);
                }
            }
        }
        for (Map.Entry<ReferencePoints.Reference, String> reference : wanted.entrySet()) {
            String name = reference.getKey().beanName();
            if (!registry.containsBeanDefinition(name)) {
                registry.registerBeanDefinition(name, proxy(reference.getKey(), reference.getValue(), registry));
            }
        }
    }

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
    }

    private static RootBeanDefinition proxy(ReferencePoints.Reference reference, String where,
                                            BeanDefinitionRegistry registry) {
        return proxy(reference.type(), reference, where, registry);
    }

    private static <T> RootBeanDefinition proxy(Class<T> type, ReferencePoints.Reference reference, String where,
                                                BeanDefinitionRegistry registry) {
        ConfigurableListableBeanFactory beans = (ConfigurableListableBeanFactory) registry;
        String name = reference.beanName();
        RootBeanDefinition definition = new RootBeanDefinition(type, () -> {
            RpcClient client = beans.getBean(RpcClient.class);
            for (String clientName : beans.getBeanNamesForType(RpcClient.class)) {
                // the client outlives its proxies: closed after the beans that use them
                beans.registerDependentBean(clientName, name);
            }
            if (reference.clientDefaults()) {
                return client.proxy(type);
            }
            try {
                return client.proxy(type, ref -> {
                    if (!reference.version().isEmpty()) {
                        ref.version(reference.version());
                    }
                    if (!reference.group().isEmpty()) {
                        ref.group(reference.group());
                    }
                });
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException("@RpcReference on " + where + ": " + e.getMessage(), e);
            }
        });
        AutowireCandidateQualifier qualifier = new AutowireCandidateQualifier(RpcReference.class);
        if (!reference.clientDefaults()) {
            // injection points match a proxy bean by these (Spring compares the qualifier's attributes)
            qualifier.setAttribute("version", reference.version());
            qualifier.setAttribute("group", reference.group());
        }
        definition.addQualifier(qualifier);
        definition.setDefaultCandidate(false);
        definition.setRole(BeanDefinition.ROLE_INFRASTRUCTURE);
        definition.setDescription("RPC proxy of " + type.getName()
                + (reference.clientDefaults() ? "" : " (version '" + reference.version() + "', group '"
                + reference.group() + "')"));
        return definition;
    }

    /** The class of a definition and, for a {@code @Bean} method's, the type the method returns. */
    private static List<Class<?>> classesOf(BeanDefinition definition, ClassLoader loader) {
        Class<?> type = null;
        if (definition instanceof AbstractBeanDefinition bean && bean.hasBeanClass()) {
            type = bean.getBeanClass();
        } else if (definition.getBeanClassName() != null) {
            type = load(definition.getBeanClassName(), loader);
        }
        Class<?> returned = null;
        if (definition instanceof AnnotatedBeanDefinition annotated) {
            MethodMetadata method = annotated.getFactoryMethodMetadata();
            if (method != null) {
                returned = load(method.getReturnTypeName(), loader);
            }
        }
        if (type != null && returned != null && returned != type) {
            return List.of(type, returned);
        }
        return type != null ? List.of(type) : returned != null ? List.of(returned) : List.of();
    }

    /** What {@code type} asks for; nothing when its members name classes that are missing (optional ones). */
    private static Map<ReferencePoints.Reference, String> points(Class<?> type) {
        try {
            return ReferencePoints.of(type);
        } catch (LinkageError e) {
            return Map.of();
        }
    }

    private static Class<?> load(String name, ClassLoader loader) {
        try {
            return ClassUtils.forName(name, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }
}
