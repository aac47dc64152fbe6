// dependency: dev.brisk:brisk-rest-jaxrs
// dependency: jakarta.ws.rs:jakarta.ws.rs-api:4.0.0
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;

// What the blocks of docs/collapse.md assume: the application's types and repository.
abstract class DocContext {
    record User(long id, String name) {}

    record Price(String symbol, double value) {}

    long id;
    Repository repository;
    Quotes quotes;

    interface Repository {
        CompletionStage<User> findAsync(long id);

        User find(long id);

        CompletionStage<Map<Long, User>> findAllAsync(List<Long> ids);
    }

    interface Quotes {
        void latest(RequestContext ctx);
    }
}
