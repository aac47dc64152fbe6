package dev.brisk.openapi.internal;

import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationConfig;
import tools.jackson.databind.introspect.BeanPropertyDefinition;
import tools.jackson.databind.introspect.ClassIntrospector;
import tools.jackson.databind.json.JsonMapper;

import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;

/**
 * JSON Schemas (2020-12, as OpenAPI 3.1 uses them) of Java types, seen as the Jackson mapper sees them: its property
 * names, ignored properties and resolved generics. Records, beans and enums become named {@code components/schemas}
 * referenced with {@code $ref}, so recursive types end in a reference to themselves.
 */
final class Schemas {

    private static final String REF_PREFIX = "#/components/schemas/";

    private final JsonMapper mapper;
    private final SerializationConfig config;
    private final ClassIntrospector introspector;
    /** Named schemas by name, sorted for a stable document. */
    private final Map<String, Map<String, Object>> components = new TreeMap<>();
    private final Map<JavaType, String> names = new HashMap<>();
    private final Map<String, JavaType> owners = new HashMap<>();

    Schemas(JsonMapper mapper) {
        this.mapper = mapper;
        this.config = mapper.serializationConfig();
        this.introspector = config.classIntrospectorInstance().forOperation(config);
    }

    Map<String, Map<String, Object>> components() {
        return components;
    }

    /** The schema of {@code type}; {@code {}} (anything) for {@code Object} and JSON trees. */
    Map<String, Object> schema(Type type) {
        return schema(mapper.constructType(type));
    }

    private static JavaType unwrapOptional(JavaType t) {
        return t.isReferenceType() ? unwrapOptional(t.getReferencedType()) : t;
    }

    Map<String, Object> schema(JavaType t) {
        Class<?> raw = t.getRawClass();
        if (t.isReferenceType()) {
            return schema(t.getReferencedType());
        }
        Map<String, Object> simple = SimpleTypes.schema(raw);
        if (simple != null) {
            return simple;
        }
        if (raw == OptionalInt.class || raw == OptionalLong.class) {
            return SimpleTypes.schema(raw == OptionalInt.class ? int.class : long.class);
        }
        if (raw == OptionalDouble.class) {
            return SimpleTypes.schema(double.class);
        }
        if (raw == byte[].class || raw == ByteBuffer.class) {
            Map<String, Object> schema = new LinkedHashMap<>();
            schema.put("type", "string");
            schema.put("contentEncoding", "base64");
            return schema;
        }
        if (t.isArrayType() || t.isCollectionLikeType()) {
            Map<String, Object> schema = new LinkedHashMap<>();
            schema.put("type", "array");
            schema.put("items", schema(t.getContentType()));
            if (Set.class.isAssignableFrom(raw)) {
                schema.put("uniqueItems", true);
            }
            return schema;
        }
        if (t.isMapLikeType()) {
            Map<String, Object> schema = new LinkedHashMap<>();
            schema.put("type", "object");
            schema.put("additionalProperties", schema(t.getContentType()));
            return schema;
        }
        if (raw == Object.class || JsonNode.class.isAssignableFrom(raw) || raw.isInterface()
                || raw.getName().startsWith("java.")) {
            return new LinkedHashMap<>();
        }
        return ref(t);
    }

    /** A reference to the named schema of {@code t}, generating it the first time. */
    private Map<String, Object> ref(JavaType t) {
        String name = names.get(t);
        if (name == null) {
            name = uniqueName(t);
            names.put(t, name);
            owners.put(name, t);
            Map<String, Object> component = new LinkedHashMap<>();
            components.put(name, component); // before the properties: a recursive type finds itself
            component.putAll(t.isEnumType() ? enumSchema(t.getRawClass()) : objectSchema(t));
        }
        Map<String, Object> ref = new LinkedHashMap<>();
        ref.put("$ref", REF_PREFIX + name);
        return ref;
    }

    private String uniqueName(JavaType t) {
        String simple = name(t, false);
        if (!owners.containsKey(simple)) {
            return simple;
        }
        String qualified = name(t, true);
        String candidate = qualified;
        for (int i = 2; owners.containsKey(candidate); i++) {
            candidate = qualified + i;
        }
        return candidate;
    }

    /** {@code Pet}, {@code PagePet} for {@code Page<Pet>}, {@code PageListPet} for {@code Page<List<Pet>>}. */
    private static String name(JavaType t, boolean qualified) {
        Class<?> raw = t.getRawClass();
        String base = qualified ? raw.getName().replace('$', '.') : raw.getSimpleName();
        if (raw.isArray()) {
            base = name(t.getContentType(), qualified) + "Array";
        }
        StringBuilder name = new StringBuilder(base.replaceAll("[^A-Za-z0-9._-]", "_"));
        for (int i = 0; i < t.containedTypeCount(); i++) {
            JavaType arg = t.containedType(i);
            if (arg != null) {
                name.append(name(arg, false));
            }
        }
        return name.toString();
    }

    private static Map<String, Object> enumSchema(Class<?> type) {
        List<Object> values = new ArrayList<>();
        for (Object constant : type.getEnumConstants()) {
            String name = ((Enum<?>) constant).name();
            try {
                Annotation[] annotations = type.getField(name).getAnnotations();
                name = AnnotationValues.find(annotations, "com.fasterxml.jackson.annotation.JsonProperty")
                        .flatMap(a -> AnnotationValues.string(a, "value")).orElse(name);
            } catch (NoSuchFieldException e) {
                // a constant is always a field
            }
            values.add(name);
        }
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "string");
        schema.put("enum", values);
        return schema;
    }

    /** A property of an object type. */
    record Property(JavaType type, boolean required, Annotation[] annotations) {
    }

    /** The properties of the object type {@code type}, as Jackson names them. */
    Map<String, Property> properties(Type type) {
        JavaType t = mapper.constructType(type);
        BeanDescription description = introspector.introspectForSerialization(t,
                introspector.introspectClassAnnotations(t));
        Map<String, Property> properties = new LinkedHashMap<>();
        for (BeanPropertyDefinition property : description.findProperties()) {
            if (!property.couldSerialize() && !property.couldDeserialize()) {
                continue;
            }
            JavaType propertyType = property.getPrimaryType();
            Annotation[] annotations = PropertyAnnotations.of(t.getRawClass(), property);
            boolean required = propertyType.isPrimitive() || property.isRequired()
                    || Constraints.required(annotations);
            properties.put(property.getName(), new Property(propertyType, required, annotations));
        }
        return properties;
    }

    /** The schema of a value with these annotations (constraints, {@code @Deprecated}). */
    Map<String, Object> schema(Type type, Annotation[] annotations) {
        JavaType t = mapper.constructType(type);
        Map<String, Object> schema = schema(t);
        Constraints.apply(schema, annotations, unwrapOptional(t));
        if (AnnotationValues.find(annotations, "java.lang.Deprecated").isPresent()) {
            schema.put("deprecated", true);
        }
        return schema;
    }

    private Map<String, Object> objectSchema(JavaType t) {
        Map<String, Object> properties = new LinkedHashMap<>();
        List<Object> required = new ArrayList<>();
        properties(t).forEach((name, property) -> {
            properties.put(name, schema(property.type(), property.annotations()));
            if (property.required()) {
                required.add(name);
            }
        });
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        if (!properties.isEmpty()) {
            schema.put("properties", properties);
        }
        if (!required.isEmpty()) {
            schema.put("required", required);
        }
        if (t.getRawClass().isAnnotationPresent(Deprecated.class)) {
            schema.put("deprecated", true);
        }
        return schema;
    }

    /** The component name {@code type} was given, if it is a named type already generated. */
    Optional<String> componentName(Type type) {
        return Optional.ofNullable(names.get(mapper.constructType(type)));
    }
}
