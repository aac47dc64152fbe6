package dev.brisk.rpc.internal;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.brisk.http.testing.FuzzInputs;
import dev.brisk.rpc.spi.Serializer;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.AfterAll;

import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Fuzzes the reading of call arguments with each of Brisk's general-purpose serializers ({@code fory}, {@code kryo}),
 * through the public {@link Serializer} API only: each is {@link Serializer#prepare prepared} with the classes of the
 * small service {@link Shapes}, as a server prepares it, then reads a value of one of its declared parameter types
 * from the input. The first byte steers: bit 0 the serializer, the rest the declared type; the rest is the value's
 * bytes, as they follow a request's header.
 *
 * <p>Refusing bytes with any {@link RuntimeException} is fine (a server answers the call "bad request"); an
 * {@link Error} (an {@link OutOfMemoryError} from a length the bytes claim, a {@link StackOverflowError} from nesting)
 * or an input running past the time limit is a finding: either would take the server down or hold its thread.
 *
 * <p>Seeds: {@code src/test/resources/dev/brisk/rpc/internal/ArgumentsFuzzTestInputs/read/}, values of every declared
 * type written by each serializer as a client writes them.
 */
class ArgumentsFuzzTest {

    private static final FuzzInputs INPUTS = new FuzzInputs("ArgumentsFuzzTest.read",
            "reading call arguments with the fory and kryo serializers refuses any bytes with an exception, never with "
                    + "an Error or a hang");

    /** A point, the record the service exchanges. */
    record Point(int x, int y) {
    }

    /** The service whose declared types the arguments are read as. */
    interface Shapes {

        Point move(Point point, int dx, long dy);

        List<String> names(Map<String, Integer> counts);

        String text(String text);

        byte[] bytes(byte[] bytes);

        Set<Point> points(List<Point> points);

        int[] numbers(int[] numbers, Integer boxed);
    }

    static final String[] SERIALIZERS = {"fory", "kryo"};
    static final List<Serializer> PREPARED = new ArrayList<>();
    static final List<Type> DECLARED = new ArrayList<>();

    static {
        List<Class<?>> classes = List.of(Point.class, Map.class, List.class, Set.class, String.class, Integer.class,
                Long.class, byte[].class, int[].class);
        for (String name : SERIALIZERS) {
            Serializer serializer = Serializers.named(name);
            serializer.prepare(classes);
            PREPARED.add(serializer);
        }
        Method[] methods = Shapes.class.getDeclaredMethods();
        Arrays.sort(methods, Comparator.comparing(Method::toGenericString));
        for (Method method : methods) {
            DECLARED.addAll(List.of(method.getGenericParameterTypes()));
        }
    }

    @AfterAll
    static void record() {
        INPUTS.record();
    }

    @FuzzTest
    void read(byte[] input) {
        int steer = input.length == 0 ? 0 : input[0] & 0xFF;
        Serializer serializer = PREPARED.get(steer & 1);
        Type declared = DECLARED.get((steer >>> 1) % DECLARED.size());
        ByteBuf bytes = Unpooled.wrappedBuffer(input, Math.min(1, input.length), Math.max(0, input.length - 1));
        try {
            serializer.read(bytes, declared);
        } catch (RuntimeException refused) {
            // refused: the server answers "bad request"
        } finally {
            bytes.release();
        }
        INPUTS.passed();
    }
}
