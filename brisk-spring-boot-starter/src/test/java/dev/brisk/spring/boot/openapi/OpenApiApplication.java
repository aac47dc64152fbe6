package dev.brisk.spring.boot.openapi;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** An application with one controller, whose document the tests fetch. */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(OpenApiApplication.Books.class)
class OpenApiApplication {

    public record Book(String isbn, String title) {
    }

    @RestController
    static class Books {

        @GetMapping("/books/{isbn}")
        public Book book(@PathVariable String isbn) {
            return new Book(isbn, "Dune");
        }
    }
}
