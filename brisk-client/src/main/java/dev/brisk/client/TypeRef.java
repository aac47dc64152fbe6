package dev.brisk.client;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;

/**
 * Captures a generic type for {@link HttpResponse#bodyAs(TypeRef)}: {@code new TypeRef<List<User>>() {}}.
 *
 * @param <T> the captured type
 */
public abstract class TypeRef<T> {

    private final Type type;

    protected TypeRef() {
        Type superclass = getClass().getGenericSuperclass();
        if (!(superclass instanceof ParameterizedType parameterized)) {
            throw new IllegalStateException("TypeRef needs a type argument: new TypeRef<List<User>>() {}");
        }
        this.type = parameterized.getActualTypeArguments()[0];
    }

    /** The captured type. */
    public final Type type() {
        return type;
    }

    @Override
    public String toString() {
        return "TypeRef<" + type.getTypeName() + ">";
    }
}
