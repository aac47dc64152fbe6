package dev.brisk.rest.jaxrs.compat;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.multipart.MultipartOptions;
import dev.brisk.test.BriskTest;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import java.util.Arrays;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The attachments of {@link TodoApplication} over real sockets: multipart forms read as Jakarta REST 3.1
 * {@code EntityPart}s ({@code @FormParam} parts and fields, the whole {@code List<EntityPart>}, contents through the
 * message body readers), a large file that Brisk spilled to disk, missing parts and parts beyond the limits, and
 * {@code List<EntityPart>} written back as a multipart response.
 */
class EntityPartTest {

    @TempDir
    Path spill;
    @TempDir
    Path storage;

    /** The spill directory as the store saw it while saving each file: file name to size. */
    private final Map<String, Map<String, Long>> spilledWhileSaving = new ConcurrentHashMap<>();
    private BriskServer server;
    private TestClient client;

    @BeforeEach
    void start() {
        AttachmentStore attachments = new AttachmentStore(storage) {
            @Override
            public Attachment save(long taskId, String fileName, String mediaType, String note, InputStream content)
                    throws IOException {
                spilledWhileSaving.put(fileName, listing(spill));
                return super.save(taskId, fileName, mediaType, note, content);
            }
        };
        server = Brisk.server().port(0)
                .web(w -> w.multipart(MultipartOptions.builder().fileSizeThreshold(64 * 1024)
                .maxPartSize(8 * 1024 * 1024)
                        .maxRequestSize(10 * 1024 * 1024).tempDirectory(spill).build()))
                .controllers(new TodoApplication(TaskStore.seeded(), new FilterTrace(), TaskArchive.empty(),
                        attachments, new TaskEvents()))
                .start();
        client = BriskTest.http(server);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static Map<String, Long> listing(Path directory) throws IOException {
        Map<String, Long> files = new ConcurrentHashMap<>();
        try (Stream<Path> entries = Files.list(directory)) {
            for (Path file : entries.toList()) {
                files.put(file.getFileName().toString(), Files.size(file));
            }
        }
        return files;
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    private TestResponse post(String path, FormData form) {
        return client.post(path).contentType(form.contentType()).body(form.bytes()).execute();
    }

    @Test
    void aLargeFileIsSpilledToDiskWhileSmallFieldsStayInMemoryAndBothArriveWhole() throws Exception {
        byte[] scan = new byte[3 * 1024 * 1024];
        new Random(42).nextBytes(scan);

        TestResponse created = post("/api/tasks/1/attachments", new FormData()
                .field("note", "signed copy \u2713")
                .file("file", "scan.pdf", "application/pdf", scan));

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.body()).isEqualTo("{\"task_id\":1,\"number\":1,\"file_name\":\"scan.pdf\","
                + "\"media_type\":\"application/pdf\",\"size\":" + scan.length + ",\"sha256\":\"" + sha256(scan)
                + "\",\"note\":\"signed copy \u2713\"}");
        assertThat(Files.readAllBytes(storage.resolve("1").resolve("1.bin"))).isEqualTo(scan);
        assertThat(spilledWhileSaving.get("scan.pdf").values()).as("the file part, in a temporary file")
                .containsExactly((long) scan.length);
        assertThat(listing(spill)).as("temporary files once the request ended").isEmpty();
    }

    @Test
    void aFilePartIsReadAsAStreamOfItsContent() {
        assertThat(post("/api/tasks/1/attachments", new FormData().file("file", "draft.txt", "text/plain",
                "draft".getBytes(StandardCharsets.UTF_8))).status()).isEqualTo(201);

        TestResponse replaced = client.put("/api/tasks/1/attachments/1").contentType(new FormData().contentType())
                .body(new FormData().file("file", "final.txt", "text/plain",
                        "final version".getBytes(StandardCharsets.UTF_8)).bytes()).execute();

        assertThat(replaced.status()).isEqualTo(204);
        assertThat(client.get("/api/tasks/1/attachments/1").execute().body()).isEqualTo("final version");
    }

    @Test
    void aFormWithoutTheFilePartIsABadRequestForTheMappers() {
        TestResponse missing = post("/api/tasks/1/attachments", new FormData().field("note", "forgot the file"));

        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.body()).isEqualTo("{\"status\":400,\"message\":\"the form has no 'file' part\","
                + "\"exception\":\"BadRequestException\",\"violations\":[]}");

        TestResponse notMultipart = client.post("/api/tasks/1/attachments").contentType("application/json")
                .body("{}").execute();
        assertThat(notMultipart.status()).isEqualTo(415);
        assertThat(notMultipart.body()).contains("\"exception\":\"NotSupportedException\"");
    }

    @Test
    void theWholeListOfPartsIsReadWithJsonPartsThroughTheMessageBodyReaders() throws Exception {
        TestResponse saved = post("/api/tasks/1/attachments/batch", new FormData()
                .part("meta", "application/json", "{\"note\": \"receipts\", \"uploaded_by\": \"ada\"}")
                .part("tags", "application/json", "[\"tax\", \"2030\"]")
                .file("files", "a.txt", "text/plain", "first".getBytes(StandardCharsets.UTF_8))
                .file("files", "b.txt", "text/plain; charset=UTF-8", "second".getBytes(StandardCharsets.UTF_8)));

        assertThat(saved.status()).isEqualTo(200);
        assertThat(saved.body()).contains("\"file_name\":\"a.txt\"", "\"file_name\":\"b.txt\"",
                "\"note\":\"receipts (ada)\"", "\"sha256\":\"" + sha256("second".getBytes(StandardCharsets.UTF_8)));

        TestResponse badJson = post("/api/tasks/1/attachments/batch", new FormData()
                .part("meta", "application/json", "{\"note\": \"receipts\", \"colour\": \"red\"}"));
        assertThat(badJson.status()).isEqualTo(400);
        assertThat(badJson.body()).contains("\"message\":\"unknown property 'colour'\"");
    }

    @Test
    void aPartBeyondTheLimitIsRefusedBeforeTheResourceRuns() {
        TestResponse tooLarge = post("/api/tasks/1/attachments", new FormData()
                .file("file", "video.mp4", "video/mp4", new byte[9 * 1024 * 1024]));

        assertThat(tooLarge.status()).isEqualTo(413);
        assertThat(tooLarge.body()).contains("video.mp4");
        assertThat(spilledWhileSaving).isEmpty();
    }

    @Test
    void theAttachmentsComeBackAsAMultipartResponseOfEntityParts() throws Exception {
        assertThat(post("/api/tasks/1/attachments", new FormData().file("file", "notes.txt", "text/plain",
                "line one\r\nline two".getBytes(StandardCharsets.UTF_8))).status()).isEqualTo(201);
        byte[] image = new byte[20_000];
        new Random(1).nextBytes(image);
        assertThat(post("/api/tasks/1/attachments", new FormData().field("note", "logo").file("file",
                "logo \"v2\".png", "image/png", image)).body()).contains("\"file_name\":\"logo \\\"v2\\\".png\"");

        TestResponse all = client.get("/api/tasks/1/attachments").execute();

        assertThat(all.status()).isEqualTo(200);
        String contentType = all.header("content-type").orElseThrow();
        assertThat(contentType).startsWith("multipart/form-data;boundary=");
        List<byte[]> parts = split(all.bodyBytes(), contentType.substring(contentType.indexOf('=') + 1));
        assertThat(parts).hasSize(3);
        assertThat(text(parts.get(0))).startsWith("Content-Disposition: form-data; name=\"index\"\r\n"
                + "Content-Type: application/json\r\n\r\n[{\"task_id\":1,\"number\":1,\"file_name\":\"notes.txt\"");
        assertThat(text(parts.get(1))).isEqualTo("Content-Disposition: form-data; name=\"file\"; "
                + "filename=\"notes.txt\"\r\nContent-Type: text/plain\r\nContent-Description: attachment 1\r\n\r\n"
                + "line one\r\nline two");
        String logoHead = "Content-Disposition: form-data; name=\"file\"; filename=\"logo %22v2%22.png\"\r\n"
                + "Content-Type: image/png\r\nContent-Description: attachment 2\r\n\r\n";
        assertThat(text(parts.get(2))).startsWith(logoHead);
        byte[] logo = Arrays.copyOfRange(parts.get(2), logoHead.length(), parts.get(2).length);
        assertThat(logo).isEqualTo(image);
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    /** The parts of a multipart body (headers and content), without delimiters. */
    private static List<byte[]> split(byte[] body, String boundary) {
        String text = text(body);
        String delimiter = "--" + boundary;
        assertThat(text).startsWith(delimiter + "\r\n").endsWith(delimiter + "--\r\n");
        List<byte[]> parts = new ArrayList<>();
        int start = delimiter.length() + 2;
        int next;
        while ((next = text.indexOf("\r\n" + delimiter, start)) >= 0) {
            parts.add(Arrays.copyOfRange(body, start, next));
            start = next + 2 + delimiter.length() + 2;
        }
        return parts;
    }
}
