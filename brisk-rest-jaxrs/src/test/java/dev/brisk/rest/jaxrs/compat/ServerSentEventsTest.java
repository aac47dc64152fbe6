package dev.brisk.rest.jaxrs.compat;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.test.BriskTest;
import dev.brisk.test.TestResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The live events of {@link TodoApplication} over real sockets, as a browser's {@code EventSource} receives them:
 * the {@code text/event-stream} format of {@code OutboundSseEvent}s (comment, id, name, reconnection delay, text and
 * JSON data through the entity writers), an {@code SseBroadcaster} that tells every subscriber of a task another
 * request created, events a worker thread sends after the resource method returned, and subscribers that leave.
 */
class ServerSentEventsTest {

    private static final String WELCOME = ":task events\nid: 0\nevent: welcome\nretry: 3000\ndata: connected\n\n";

    private TaskEvents events;
    private BriskServer server;

    @BeforeEach
    void start() {
        events = new TaskEvents();
        server = Brisk.server().port(0).controllers(new TodoApplication(TaskStore.seeded(), new FilterTrace(),
                TaskArchive.empty(), AttachmentStore.inTemporaryDirectory(), events)).start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void eventsAreWrittenInTheEventStreamFormatThroughTheResponseFilters() throws Exception {
        try (EventStream stream = EventStream.open(server.port(), "/api/tasks/events",
                "Origin: https://app.example.com")) {
            assertThat(stream.status()).isEqualTo(200);
            assertThat(stream.header("content-type")).isEqualTo("text/event-stream");
            assertThat(stream.header("cache-control")).isEqualTo("no-cache");
            assertThat(stream.header("access-control-allow-origin")).as("the application's CORS response filter")
                    .isEqualTo("https://app.example.com");
            assertThat(stream.next()).as("sent by the resource method before it returned").isEqualTo(WELCOME);
        }
        try (EventStream reconnected = EventStream.open(server.port(), "/api/tasks/events", "Last-Event-ID: 7")) {
            assertThat(reconnected.next()).endsWith("data: reconnected after 7\n\n");
        }
    }

    @Test
    void aNewTaskIsBroadcastToEverySubscriberFromTheRequestThatCreatedIt() throws Exception {
        try (EventStream first = EventStream.open(server.port(), "/api/tasks/events");
             EventStream second = EventStream.open(server.port(), "/api/tasks/events")) {
            assertThat(first.next()).isEqualTo(WELCOME);
            assertThat(second.next()).isEqualTo(WELCOME);
            assertThat(events.subscribers()).isEqualTo(2);

            TestResponse created = BriskTest.http(server).post("/api/tasks").contentType("application/json")
                    .body("{\"title\": \"call the plumber\", \"priority\": 1}").execute();
            assertThat(created.status()).isEqualTo(201);

            String expected = "id: 2\nevent: task-created\n"
                    + "data: {\"id\":2,\"title\":\"call the plumber\",\"priority\":1,\"due_date\":null,\"done\":false}"
                    + "\n\n";
            assertThat(first.next()).as("JSON by the application's ContextResolver (snake_case)").isEqualTo(expected);
            assertThat(second.next()).isEqualTo(expected);
        }
    }

    @Test
    void aWorkerThreadSendsEventsAfterTheMethodReturnedThenClosesTheStream() throws Exception {
        try (EventStream stream = EventStream.open(server.port(), "/api/tasks/1/archiving")) {
            assertThat(stream.status()).isEqualTo(200);
            assertThat(stream.next()).isEqualTo("event: step\ndata: 1/3\n\n");
            assertThat(stream.next()).isEqualTo("event: step\ndata: 2/3\n\n");
            assertThat(stream.next()).isEqualTo("event: step\ndata: 3/3\n\n");
            assertThat(stream.next()).as("text data, one data line per line")
                    .isEqualTo("event: done\ndata: archived: write the report\ndata: still searchable\n\n");
            assertThat(stream.endsNormally()).as("SseEventSink.close ends the response").isTrue();
        }
    }

    @Test
    void aFailingResourceMethodIsAnsweredByTheMappersInsteadOfAStream() throws Exception {
        try (EventStream stream = EventStream.open(server.port(), "/api/tasks/99/archiving")) {
            assertThat(stream.status()).isEqualTo(404);
            assertThat(stream.header("content-type")).isEqualTo("application/json");
            assertThat(stream.header("x-mapped-by")).isEqualTo("task-not-found");
        }
    }

    @Test
    void aSubscriberThatLeavesIsDroppedByTheBroadcaster() throws Exception {
        try (EventStream staying = EventStream.open(server.port(), "/api/tasks/events")) {
            assertThat(staying.next()).isEqualTo(WELCOME);
            try (EventStream leaving = EventStream.open(server.port(), "/api/tasks/events")) {
                assertThat(leaving.next()).isEqualTo(WELCOME);
                assertThat(events.subscribers()).isEqualTo(2);
            }
            awaitTrue(() -> events.subscribers() == 1, "the broadcaster's onClose listener saw the client leave");

            BriskTest.http(server).post("/api/tasks").contentType("application/json")
                    .body("{\"title\": \"water plants\"}").execute();
            assertThat(staying.next()).contains("event: task-created", "\"title\":\"water plants\"");
        }
    }

    @Test
    void closingTheBroadcasterEndsEveryStream() throws Exception {
        try (EventStream stream = EventStream.open(server.port(), "/api/tasks/events")) {
            assertThat(stream.next()).isEqualTo(WELCOME);
            events.shutdown();
            assertThat(stream.endsNormally()).isTrue();
            assertThat(events.subscribers()).isZero();
        }
    }

    private static void awaitTrue(BooleanSupplier condition, String what) throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(10));
        while (!condition.getAsBoolean()) {
            assertThat(Instant.now()).as(what).isBefore(deadline);
            Thread.sleep(10);
        }
    }
}
