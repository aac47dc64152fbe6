package dev.brisk.benchmarks.rpc.serialization;

import dev.brisk.benchmarks.rpc.Page;
import dev.brisk.benchmarks.rpc.User;
import dev.brisk.benchmarks.rpc.UserServiceImpl;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The serializers a Brisk RPC could use, on the RPC benchmark's model: one serialize + deserialize round trip of a
 * {@link User} and of a {@link Page} of fifteen users, into a buffer each serializer reuses. The encoded size of each
 * is printed once per trial ({@code size: ...}).
 *
 * <pre>bench/jmh.sh brisk-benchmarks SerializationBenchmark -f 1 -wi 3 -i 5 -prof gc</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SerializationBenchmark {

    @Param({"fory", "kryo", "jackson"})
    public String serializer;

    private final UserServiceImpl service = new UserServiceImpl();
    private User user;
    private Page<User> page;
    private ModelCodec userCodec;
    private ModelCodec pageCodec;

    @Setup(Level.Trial)
    public void setUp() {
        ModelCodecs codecs = ModelCodecs.valueOf(serializer.toUpperCase(Locale.ROOT));
        user = service.getUser(1);
        page = service.listUser(1);
        userCodec = codecs.forType(User.class);
        pageCodec = codecs.forType(Page.class);
        userCodec.write(user);
        pageCodec.write(page);
        System.out.printf(Locale.ROOT, "%nsize: %s User %d bytes, Page<User> (15) %d bytes%n", serializer,
                userCodec.size(), pageCodec.size());
    }

    @Benchmark
    public Object user() {
        userCodec.write(user);
        return userCodec.read();
    }

    @Benchmark
    public Object page() {
        pageCodec.write(page);
        return pageCodec.read();
    }
}
