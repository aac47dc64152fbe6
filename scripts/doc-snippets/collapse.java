// dependency: dev.brisk:brisk-rest-jaxrs
// dependency: jakarta.ws.rs:jakarta.ws.rs-api:4.0.0
// dependency: org.springframework:spring-webflux:7.0.10
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.reactive.function.client.WebClient;

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
