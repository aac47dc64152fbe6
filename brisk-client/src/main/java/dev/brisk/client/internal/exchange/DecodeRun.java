package dev.brisk.client.internal.exchange;

import dev.brisk.client.DecodeAdvice;
import dev.brisk.client.DecodeContext;
import dev.brisk.client.HttpResponse;

import java.lang.reflect.Type;
import java.util.Objects;

/** One {@code bodyAs} call through the decode advices of a client, then its codecs. */
final class DecodeRun {

    private final ReceivedResponse response;
    private final Type type;
    private final DecodeAdvice[] advices;
    /** Bytes an advice put in place of the response's, or {@code null}. */
    private byte[] replaced;

    DecodeRun(ReceivedResponse response, Type type, DecodeAdvice[] advices) {
        this.response = response;
        this.type = type;
        this.advices = advices;
    }

    /** Decodes through every advice; a {@code Class} target is checked against what the advices return. */
    Object decode() {
        Object value = proceed(0);
        if (type instanceof Class<?> target && !target.isPrimitive() && value != null && !target.isInstance(value)) {
            throw new ClassCastException("decode advices returned a " + value.getClass().getName() + " for "
                    + target.getName());
        }
        return value;
    }

    private Object proceed(int index) {
        if (index == advices.length) {
            return replaced == null ? response.decode(type) : response.decode(type, replaced, replaced.length);
        }
        return advices[index].aroundDecode(new Position(index));
    }

    /** The context handed to the advice at one position of the chain. */
    private final class Position implements DecodeContext {
        private final int index;
        private boolean proceeded;

        Position(int index) {
            this.index = index;
        }

        @Override
        public HttpResponse response() {
            return response;
        }

        @Override
        public Type targetType() {
            return type;
        }

        @Override
        public byte[] body() {
            return replaced == null ? response.bodyAsBytes() : replaced;
        }

        @Override
        public void body(byte[] body) {
            if (proceeded) {
                throw new IllegalStateException("the body is already decoded: replace the result of next() instead");
            }
            replaced = Objects.requireNonNull(body, "body");
        }

        @Override
        public Object next() {
            if (proceeded) {
                throw new IllegalStateException("next() was already called by " + advices[index]);
            }
            proceeded = true;
            return proceed(index + 1);
        }
    }
}
