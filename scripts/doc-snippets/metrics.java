import io.micrometer.core.instrument.MeterRegistry;

// What the blocks of docs/metrics.md assume.
abstract class DocContext {
    record User(long id, String name) {}

    interface Users {
        User find(String id);
    }

    static class OrderController {}

    static class BookResource {}

    Users users;
    MeterRegistry registry;
    BatchFunction<Long, User> loader;
}
