package dev.brisk.spring.boot.rpc.internal;

import dev.brisk.spring.boot.rpc.RpcProvider;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.util.ClassUtils;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The beans annotated {@link RpcProvider} of a context, each with the interfaces it is exported under. */
final class ExportedBeans {

    /** Packages whose interfaces a bean implements for other reasons than RPC. */
    private static final List<String> NOT_SERVICES = List.of("java.", "javax.", "jakarta.", "org.springframework.",
            "kotlin.", "groovy.");

    private ExportedBeans() {
    }

    /** One exported bean under one interface. */
    record Export(String beanName, Class<?> type, Object bean) {
    }

    /** Every export of {@code beans}, in bean order; fails on a bean with no interface or one exported twice. */
    static List<Export> of(ListableBeanFactory beans) {
        List<Export> exports = new ArrayList<>();
        Map<Class<?>, String> exporters = new LinkedHashMap<>();
        for (String name : beans.getBeanNamesForAnnotation(RpcProvider.class)) {
            RpcProvider provider = beans.findAnnotationOnBean(name, RpcProvider.class);
            Object bean = beans.getBean(name);
            for (Class<?> type : interfaces(name, bean, provider)) {
                String other = exporters.putIfAbsent(type, name);
                if (other != null) {
                    throw new IllegalStateException(type.getName() + " is exported by two @RpcProvider beans, '"
                            + other + "' and '" + name + "': name the interfaces each exports with"
                            + " @RpcProvider(SomeService.class)");
                }
                exports.add(new Export(name, type, bean));
            }
        }
        return exports;
    }

    private static Set<Class<?>> interfaces(String name, Object bean, RpcProvider provider) {
        Set<Class<?>> interfaces = new LinkedHashSet<>();
        if (provider != null && provider.value().length > 0) {
            for (Class<?> type : provider.value()) {
                if (!type.isInterface() || !type.isInstance(bean)) {
                    throw new IllegalStateException("@RpcProvider bean '" + name + "' names " + type.getName()
                            + ", which " + (type.isInterface() ? "it does not implement" : "is not an interface"));
                }
                interfaces.add(type);
            }
            return interfaces;
        }
        Class<?> type = ClassUtils.getUserClass(AopUtils.getTargetClass(bean));
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Class<?> candidate : c.getInterfaces()) {
                if (NOT_SERVICES.stream().noneMatch(candidate.getName()::startsWith) && candidate.isInstance(bean)) {
                    interfaces.add(candidate);
                }
            }
        }
        if (interfaces.isEmpty()) {
            throw new IllegalStateException("@RpcProvider bean '" + name + "' (" + type.getName()
                    + ") implements no interface to export: implement the service interface, or name it with"
                    + " @RpcProvider(SomeService.class)");
        }
        return interfaces;
    }
}
