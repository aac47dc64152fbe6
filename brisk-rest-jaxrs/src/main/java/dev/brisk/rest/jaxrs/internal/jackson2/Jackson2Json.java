package dev.brisk.rest.jaxrs.internal.jackson2;

import com.fasterxml.jackson.databind.AnnotationIntrospector;
import com.fasterxml.jackson.databind.Module;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.JacksonAnnotationIntrospector;
import dev.brisk.rest.jaxrs.internal.JsonBinding;

import java.util.List;

/**
 * JSON with Jackson 2, for applications written for Jersey's Jackson provider: the bindings of their own mappers and
 * the default mapper Jersey's provider uses. Loaded only when such an application is served.
 */
public final class Jackson2Json {

    /** Jackson's module for Jakarta XML Binding annotations, which Jersey's default mapper reads them with. */
    private static final String XML_BIND_INTROSPECTOR =
            "com.fasterxml.jackson.module.jakarta.xmlbind.JakartaXmlBindAnnotationIntrospector";

    private Jackson2Json() {
    }

    /** The binding of {@code mapper}, a Jackson 2 {@code ObjectMapper} an application's resolver gave. */
    public static JsonBinding binding(Object mapper) {
        return new Jackson2Binding((ObjectMapper) mapper);
    }

    /**
     * The binding of a mapper configured as Jersey's Jackson provider configures its own: Jackson 2's defaults, the
     * modules the class path declares (without the XML Binding annotation modules, as Jersey), and Jackson's
     * annotations paired with Jakarta XML Binding's when Jackson's module for them is on the class path.
     */
    public static JsonBinding jerseyDefault() {
        ObjectMapper mapper = new ObjectMapper();
        List<Module> modules = ObjectMapper.findModules(Jackson2Json.class.getClassLoader());
        modules.removeIf(module -> module.getModuleName().contains("JaxbAnnotationModule")
                || module.getModuleName().contains("JakartaXmlBindAnnotationModule"));
        mapper.registerModules(modules);
        AnnotationIntrospector xmlBind = xmlBindIntrospector();
        if (xmlBind != null) {
            mapper.setAnnotationIntrospector(AnnotationIntrospector.pair(new JacksonAnnotationIntrospector(),
                    xmlBind));
        }
        return new Jackson2Binding(mapper);
    }

    private static AnnotationIntrospector xmlBindIntrospector() {
        try {
            Class<?> type = Class.forName(XML_BIND_INTROSPECTOR, true, Jackson2Json.class.getClassLoader());
            return (AnnotationIntrospector) type.getConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError e) {
            return null;
        }
    }
}
