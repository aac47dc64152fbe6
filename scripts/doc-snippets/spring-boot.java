// dependency: dev.brisk:brisk-spring-boot-starter
// dependency: org.springframework.boot:spring-boot-starter-test:4.1.2:test   (the Boot version Brisk is built with)
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.web.bind.annotation.*;
import org.springframework.web.client.RestClient;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;

// What the blocks of docs/spring-boot.md assume.
abstract class DocContext {
    record Quote(String symbol, double price) {}

    interface Backend {
        Quote latest(String symbol);
    }

    Backend backend;
}
