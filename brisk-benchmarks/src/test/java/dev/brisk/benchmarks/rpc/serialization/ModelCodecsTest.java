package dev.brisk.benchmarks.rpc.serialization;

import dev.brisk.benchmarks.rpc.Page;
import dev.brisk.benchmarks.rpc.User;
import dev.brisk.benchmarks.rpc.UserServiceImpl;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each serializer of {@link SerializationBenchmark} reads back what it wrote, field for field, from its reused buffer,
 * twice in a row (the second write replaces the first).
 */
class ModelCodecsTest {

    private final UserServiceImpl service = new UserServiceImpl();

    static Iterable<ModelCodecs> codecs() {
        return ModelCodecs.all();
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void userRoundTrips(ModelCodecs codecs) {
        ModelCodec codec = codecs.forType(User.class);
        codec.write(service.getUser(1));
        codec.write(service.getUser(2));
        assertThat(codec.size()).isPositive();
        assertThat(codec.read()).isEqualTo(service.getUser(2));
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void pageRoundTrips(ModelCodecs codecs) {
        ModelCodec codec = codecs.forType(Page.class);
        codec.write(service.listUser(1));
        codec.write(service.listUser(2));
        Object read = codec.read();
        assertThat(read).isInstanceOf(Page.class).isEqualTo(service.listUser(2));
        assertThat(((Page<?>) read).getResult()).hasSize(15).allMatch(User.class::isInstance);
    }
}
