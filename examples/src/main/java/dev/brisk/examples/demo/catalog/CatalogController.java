package dev.brisk.examples.demo.catalog;

import jakarta.validation.Valid;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

import java.net.URI;
import java.util.List;

/**
 * The catalog API, a Spring MVC controller served by brisk-rest-spring: list, read and add books. An unknown id is a
 * 404 problem, a book that breaks its constraints a 400 problem listing each field.
 */
@RestController
@RequestMapping("/api/books")
public class CatalogController {

    private final Shelf shelf;

    /** A controller over {@code shelf}. */
    public CatalogController(Shelf shelf) {
        this.shelf = shelf;
    }

    /** Every book, with its price and the copies on hand. */
    @GetMapping
    public List<BookView> list() {
        return shelf.all();
    }

    /** One book. */
    @GetMapping("/{id}")
    public BookView get(@PathVariable long id) {
        return shelf.find(id)
                .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND, "no book with id " + id));
    }

    /** Adds a book: 201 with its address in {@code Location}. */
    @PostMapping
    public ResponseEntity<BookView> add(@Valid @RequestBody NewBook book) {
        BookView added = shelf.add(book);
        return ResponseEntity.created(URI.create("/api/books/" + added.id())).body(added);
    }
}
