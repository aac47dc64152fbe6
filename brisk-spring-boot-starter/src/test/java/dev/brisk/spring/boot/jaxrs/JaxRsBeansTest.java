package dev.brisk.spring.boot.jaxrs;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.stereotype.Component;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/** JAX-RS resources and providers that are Spring beans are served when brisk-rest-jaxrs is present. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, classes = JaxRsBeansTest.Application.class)
class JaxRsBeansTest {

    /** A service the resource gets injected, as any Spring bean. */
    @Component
    static class Books {
        String title(int id) {
            if (id != 1) {
                throw new NotFoundException("no book " + id);
            }
            return "Dune";
        }
    }

    @Component
    @Path("/books")
    static class BookResource {
        private final Books books;

        BookResource(Books books) {
            this.books = books;
        }

        @GET
        @Path("/{id}")
        @Produces("text/plain")
        public String book(@PathParam("id") int id) {
            return books.title(id);
        }
    }

    @Component
    @Provider
    static class NotFoundMapper implements ExceptionMapper<NotFoundException> {
        @Override
        public Response toResponse(NotFoundException e) {
            return Response.status(404).entity("mapped: " + e.getMessage()).type("text/plain").build();
        }
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import({Books.class, BookResource.class, NotFoundMapper.class})
    static class Application {
    }

    @LocalServerPort
    int port;

    private HttpResponse<String> get(String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void resourceBeanIsServedWithItsInjectedService() throws Exception {
        HttpResponse<String> book = get("/books/1");
        assertThat(book.statusCode()).isEqualTo(200);
        assertThat(book.body()).isEqualTo("Dune");
    }

    @Test
    void providerBeanMapsExceptions() throws Exception {
        HttpResponse<String> missing = get("/books/2");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.body()).isEqualTo("mapped: no book 2");
    }
}
