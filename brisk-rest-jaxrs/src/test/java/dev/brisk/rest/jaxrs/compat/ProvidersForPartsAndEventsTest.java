package dev.brisk.rest.jaxrs.compat;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.jaxrs.sample.Book;
import dev.brisk.rest.jaxrs.sample.BookCsvProvider;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.EntityPart;
import jakarta.ws.rs.core.GenericEntity;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.util.List;

import java.io.UncheckedIOException;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The application's own {@code MessageBodyReader}/{@code MessageBodyWriter} (a CSV provider) at work beyond entities:
 * event data, the content of a multipart part read with {@code getContent(Class)}, and parts of a multipart response;
 * and the error an event whose data nothing writes gets.
 */
class ProvidersForPartsAndEventsTest {

    private static final Book BOOK = new Book(7L, "Dune", "Frank Herbert", 1965, "9780441013593");

    /** A catalogue that speaks CSV through the application's provider. */
    @Path("catalogue")
    public static class CatalogueResource {

        @GET
        @Path("events")
        @Produces(MediaType.SERVER_SENT_EVENTS)
        public void events(@Context SseEventSink sink, @Context Sse sse) {
            sink.send(sse.newEventBuilder().name("book").mediaType(new MediaType("text", "csv"))
                    .data(Book.class, BOOK).build());
            sink.send(sse.newEventBuilder().name("count").data(Integer.class, 1).build());
            sink.send(sse.newEventBuilder().name("plain").data(BOOK).build()).whenComplete((v, error) -> {
                sink.send(sse.newEvent("failed", error.getMessage()));
                try {
                    sink.close();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }

        @POST
        @Consumes(MediaType.MULTIPART_FORM_DATA)
        @Produces(MediaType.TEXT_PLAIN)
        public String add(@FormParam("book") EntityPart book) throws IOException {
            Book read = book.getContent(Book.class);
            return read.title() + " by " + read.author();
        }

        @GET
        @Produces(MediaType.MULTIPART_FORM_DATA)
        public GenericEntity<List<EntityPart>> all() throws IOException {
            return new GenericEntity<>(List.of(EntityPart.withName("book").mediaType(BookCsvProvider.TEXT_CSV)
                    .content(BOOK, Book.class).build())) { };
        }
    }

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new CatalogueResource(), new BookCsvProvider()));

    @Test
    void eventDataIsWrittenByTheApplicationsWriterForTheEventsMediaType() throws Exception {
        try (EventStream stream = EventStream.open(SERVER.server().port(), "/catalogue/events")) {
            assertThat(stream.next()).isEqualTo("event: book\ndata: id,title,author,year,isbn\n"
                    + "data: 7,Dune,Frank Herbert,1965,9780441013593\ndata: \n\n");
            assertThat(stream.next()).isEqualTo("event: count\ndata: 1\n\n");
            assertThat(stream.next()).as("a record as text/plain: nothing writes it").startsWith("event: failed\n")
                    .contains("cannot write the data of an event (" + Book.class.getName() + ") as text/plain");
            assertThat(stream.endsNormally()).isTrue();
        }
    }

    @Test
    void aPartIsReadByTheApplicationsReaderForItsMediaType(TestClient client) {
        FormData form = new FormData().part("book", "text/csv", "id,title,author,year,isbn\n,Emma,Jane Austen,1815,");

        TestResponse added = client.post("/catalogue").contentType(form.contentType()).body(form.bytes()).execute();

        assertThat(added.status()).isEqualTo(200);
        assertThat(added.body()).isEqualTo("Emma by Jane Austen");
    }

    @Test
    void aPartOfAMultipartResponseIsWrittenByTheApplicationsWriter(TestClient client) {
        TestResponse all = client.get("/catalogue").execute();

        assertThat(all.status()).isEqualTo(200);
        assertThat(all.body()).contains("Content-Disposition: form-data; name=\"book\"\r\nContent-Type: text/csv\r\n\r\n"
                + "id,title,author,year,isbn\n7,Dune,Frank Herbert,1965,9780441013593\n\r\n--");
    }
}
