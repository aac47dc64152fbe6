import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import io.netty.handler.codec.http.HttpMethod;

// What the blocks of docs/openapi.md assume.
abstract class DocContext {
    record Pet(long id, String name) {}

    record NewPet(String name) {}

    static class PetController {}

    static class BookResource {}

    OpenApi openApi;
    BriskServer server;
}
