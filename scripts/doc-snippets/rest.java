import org.slf4j.Logger;

// What the blocks of docs/rest.md assume: the application's types and services.
abstract class DocContext {
    record User(String id, String name) {}

    record Price(String symbol, double value) {}

    record Step(String id, String text) {}

    interface Order {
        String toCsvLine();
    }

    interface Users {
        User find(String id);

        User add(User user);

        void list(RequestContext ctx);

        void add(RequestContext ctx);
    }

    interface Orders {
        List<Order> all();

        Subscription watch(String id, Consumer<Step> listener);
    }

    interface Subscription {
        void cancel();
    }

    interface Storage {
        InputStream open(String name);

        long size(String name);
    }

    interface Cache {
        void clear(RequestContext ctx);
    }

    interface Library {
        Path pathFor(String title);
    }

    static class UserController {}

    Users users;
    Orders orders;
    Storage storage;
    Cache cache;
    Library library;
    Filter auth;
    Feature openApi;
    BriskMetrics metrics;
    Feature collapsing;
    Logger log;

    abstract String me(RequestContext ctx);
}
