// dependency: jakarta.ws.rs:jakarta.ws.rs-api:4.0.0
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

// What the blocks of docs/protection.md assume.
abstract class DocContext {
    interface Reports {
        String build();
    }

    record Hit(String title) {}

    Reports reports;
}
