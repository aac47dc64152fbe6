package dev.brisk.spring.boot.rpc.internal;

import dev.brisk.spring.boot.rpc.RpcReference;
import org.springframework.beans.BeansException;
import org.springframework.beans.PropertyValues;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.config.InstantiationAwareBeanPostProcessor;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

import java.lang.reflect.Field;

/**
 * Sets the fields marked {@code @RpcReference} without {@code @Autowired} to the proxy beans
 * {@link ReferenceRegistrar} registered (those with it are Spring's: the qualifier picks the proxy).
 */
public final class ReferenceFieldInjector implements InstantiationAwareBeanPostProcessor, BeanFactoryAware {

    private ConfigurableListableBeanFactory beans;

    @Override
    public void setBeanFactory(BeanFactory beanFactory) {
        this.beans = (ConfigurableListableBeanFactory) beanFactory;
    }

    @Override
    public PropertyValues postProcessProperties(PropertyValues values, Object bean, String beanName) {
        for (Field field : ReferencePoints.fields(ClassUtils.getUserClass(bean))) {
            String proxy = ReferencePoints.Reference.of(field.getType(), field.getAnnotation(RpcReference.class))
                    .beanName();
            if (!beans.containsBeanDefinition(proxy)) {
                throw new IllegalStateException("@RpcReference field " + field.getDeclaringClass().getName() + "."
                        + field.getName() + " of bean '" + beanName + "': no RPC proxy bean was registered for "
                        + field.getType().getName() + " (is the bean's class known before the context starts?)");
            }
            Object value;
            try {
                value = beans.getBean(proxy);
            } catch (BeansException e) {
                throw new IllegalStateException("@RpcReference field " + field.getDeclaringClass().getName() + "."
                        + field.getName() + " of bean '" + beanName + "': " + e.getMessage(), e);
            }
            beans.registerDependentBean(proxy, beanName);
            ReflectionUtils.makeAccessible(field);
            ReflectionUtils.setField(field, bean, value);
        }
        return values;
    }
}
