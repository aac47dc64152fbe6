// dependency: dev.brisk:brisk-rpc-zookeeper
// dependency: dev.brisk:brisk-spring-boot-starter   (the Spring Boot section)
// dependency: dev.brisk:brisk-micrometer   (Metrics and tracing)
import dev.brisk.rpc.spi.Registry.ProviderListener;
import dev.brisk.rpc.spi.Registry.Subscription;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Service;

// What the blocks of docs/rpc.md assume: the application's services and types.
abstract class DocContext {
    record Page<T>(List<T> items) {}

    record Stats(long calls) {}

    record User(long id, String name, String email) {}

    interface UserService {
        User getUser(long id);

        CompletableFuture<Page<User>> listUser(int pageNo);
    }

    static class UserServiceImpl implements UserService {
        public User getUser(long id) { return null; }

        public CompletableFuture<Page<User>> listUser(int pageNo) { return null; }
    }

    interface Shape {}

    record Circle(double radius) implements Shape {}

    record Square(double side) implements Shape {}

    interface ShapeService {
        double area(Shape shape);
    }

    static class Impl extends UserServiceImpl implements ShapeService {
        public double area(Shape shape) { return 0; }
    }

    static class PaymentDeclinedException extends Exception {}

    UserService users;
    Impl impl;
    RpcClient ordersClient;
    MeterRegistry meterRegistry;
    RpcClient client;
    Registry registry;

    abstract boolean allowed(Optional<String> traceId);
}
