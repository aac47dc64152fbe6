package dev.brisk.rest.spring.compat;

import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample shop's uploads, downloads and cross-origin rules ({@link ProductController}, {@link WebConfig}), served
 * unchanged by Brisk and exercised over real sockets as a browser or an HTTP client would.
 */
class CompatWebTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(CompatApplication::server);

    @SuppressWarnings("unchecked")
    private static Map<String, Object> json(TestResponse response) {
        return JSON.readValue(response.body(), Map.class);
    }

    private static TestResponse post(TestClient client, String path, MultipartBody body) {
        return client.post(path).contentType(body.contentType()).body(body.bytes()).execute();
    }

    private static void assertProblem(TestResponse response, int status, String detail) {
        assertThat(response.status()).isEqualTo(status);
        assertThat(response.header("content-type")).hasValue("application/problem+json");
        assertThat(json(response)).containsEntry("status", status).containsEntry("detail", detail);
    }

    // ---- multipart ------------------------------------------------------------------------------------------

    @Test
    void uploadedImageIsStoredAndServedBack(TestClient client) throws Exception {
        // 3 MiB: above the 16 KiB threshold, so it is received into a temporary file, then moved by transferTo
        byte[] image = new byte[3 * 1024 * 1024 + 17];
        new Random(7).nextBytes(image);
        System.arraycopy(ProductController.PNG_SIGNATURE, 0, image, 0, ProductController.PNG_SIGNATURE.length);
        MultipartBody body = new MultipartBody()
                .field("caption", "front view")
                .file("image", "teapot.png", "image/png", image)
                .typed("meta", "application/json", "{\"alt\":\"A teapot\",\"tags\":[\"tea\",\"pot\"]}");

        TestResponse created = post(client, "/products/1/images", body);

        assertThat(created.status()).isEqualTo(201);
        assertThat(json(created)).containsEntry("name", "1-teapot.png").containsEntry("size", image.length)
                .containsEntry("contentType", "image/png").containsEntry("caption", "front view")
                .containsEntry("alt", "A teapot").containsEntry("tags", List.of("tea", "pot"))
                .containsEntry("sha256", HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                        .digest(image)));
        try (Stream<?> left = Files.list(CompatApplication.UPLOADS)) {
            assertThat(left).as("temporary upload files").isEmpty();
        }
        String location = created.header("location").orElseThrow();
        assertThat(location).matches("http://127\\.0\\.0\\.1:\\d+/products/1/images/1-teapot\\.png");

        TestResponse download = client.get(URI.create(location).getPath()).execute();
        assertThat(download.status()).isEqualTo(200);
        assertThat(download.header("content-type")).hasValue("image/png");
        assertThat(download.header("content-length")).hasValue(String.valueOf(image.length));
        assertThat(download.header("content-disposition")).hasValue("inline");
        assertThat(download.bodyBytes()).isEqualTo(image);
        assertThat(client.get("/products/1/images/2-missing.png").execute().status()).isEqualTo(404);
    }

    @Test
    void missingFilePartIsSpringsMissingPartException(TestClient client) {
        TestResponse response = post(client, "/products/1/images", new MultipartBody().field("caption", "no file"));
        assertProblem(response, 400, "Required part 'image' is not present.");
        // a field of that name is not a file
        TestResponse field = post(client, "/products/1/images", new MultipartBody().field("image", "teapot.png"));
        assertProblem(field, 400, "Required part 'image' is not present.");
    }

    @Test
    void jsonPartIsReadByTheCodecsAndValidated(TestClient client) {
        TestResponse withoutMeta = post(client, "/products/2/images",
                new MultipartBody().file("image", "b.png", "image/png", new byte[] {1, 2}));
        assertThat(withoutMeta.status()).isEqualTo(201);
        assertThat(json(withoutMeta)).containsEntry("alt", null).containsEntry("caption", "").containsEntry("size", 2);

        MultipartBody blank = new MultipartBody().file("image", "a.png", "image/png", new byte[] {1})
                .typed("meta", "application/json", "{\"alt\":\" \"}");
        TestResponse invalid = post(client, "/products/1/images", blank);
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(json(invalid)).containsEntry("errors", Map.of("alt", "must not be blank"));

        MultipartBody malformed = new MultipartBody().file("image", "a.png", "image/png", new byte[] {1})
                .typed("meta", "application/json", "{\"alt\": }");
        assertProblem(post(client, "/products/1/images", malformed), 400,
                "part 'meta': malformed JSON at line 1, column 9");

        MultipartBody untyped = new MultipartBody().file("image", "a.png", "image/png", new byte[] {1})
                .field("meta", "{\"alt\":\"x\"}");
        TestResponse unsupported = post(client, "/products/1/images", untyped);
        assertThat(unsupported.status()).isEqualTo(415);
        assertThat(json(unsupported)).containsEntry("detail",
                "Content-Type 'application/octet-stream' is not supported.");
    }

    @Test
    void filesInListsArraysAndUnannotatedParameters(TestClient client) {
        MultipartBody body = new MultipartBody()
                .file("pictures", "a.png", "image/png", new byte[] {1, 2, 3})
                .file("pictures", "b.png", "image/png", new byte[] {1, 2, 3, 4, 5})
                .file("extras", "", "application/octet-stream", new byte[0])
                .file("extras", "notes.txt", "text/plain", "note".getBytes(StandardCharsets.UTF_8));
        assertThat(JSON.readValue(post(client, "/products/1/gallery", body).body(), List.class)).containsExactly(
                "a.png:3:3", "b.png:5:5", "extra extras:empty", "extra extras:4", "cover none");

        MultipartBody withCover = new MultipartBody().file("pictures", "a.png", "image/png", new byte[] {1})
                .file("cover", "cover.jpg", "image/jpeg", new byte[] {9});
        assertThat(JSON.readValue(post(client, "/products/1/gallery", withCover).body(), List.class))
                .containsExactly("a.png:1:1", "cover cover.jpg");

        assertProblem(post(client, "/products/1/gallery", new MultipartBody().field("x", "y")), 400,
                "Required part 'pictures' is not present.");
        TestResponse notMultipart = client.post("/products/1/gallery").contentType("application/json")
                .body("{}").execute();
        assertThat(notMultipart.status()).isEqualTo(415);
        assertThat(json(notMultipart)).containsEntry("detail", "Current request is not a multipart request");
    }

    @Test
    void uploadsBeyondTheLimitsAreRefused(TestClient client) {
        MultipartBody tooLarge = new MultipartBody().file("image", "huge.png", "image/png",
                new byte[5 * 1024 * 1024 + 1]);
        TestResponse response = post(client, "/products/1/images", tooLarge);
        assertThat(response.status()).isEqualTo(413);
        assertThat(response.body()).contains("image").contains("huge.png");
    }

    // ---- resources and bytes --------------------------------------------------------------------------------

    @Test
    void resourcesAndBytesAreLabelledAsSpringLabelsThem(TestClient client) throws IOException {
        TestResponse thumbnail = client.get("/products/1/thumbnail").execute();
        assertThat(thumbnail.header("content-type")).hasValue("image/png");
        assertThat(thumbnail.bodyBytes()).isEqualTo(ProductController.PNG_SIGNATURE);

        TestResponse datasheet = client.get("/products/4/datasheet").execute();
        assertThat(datasheet.header("content-type")).hasValue("application/pdf");
        assertThat(datasheet.body()).isEqualTo("%PDF-1.7 datasheet of product 4");

        TestResponse catalog = client.get("/products/catalog.txt").execute();
        byte[] printed = getClass().getResourceAsStream("/compat/catalog.txt").readAllBytes();
        assertThat(catalog.header("content-type")).hasValue("text/plain");
        assertThat(catalog.header("content-length")).hasValue(String.valueOf(printed.length));
        assertThat(catalog.bodyBytes()).isEqualTo(printed);

        TestResponse manual = client.get("/products/5/manual").execute();
        assertThat(manual.header("content-type")).hasValue("text/markdown");
        assertThat(manual.header("content-length")).as("a stream's length is unknown").isEmpty();
        assertThat(manual.body()).isEqualTo("# Manual of product 5\n\nHandle with care.\n");

        TestResponse label = client.get("/products/6/label").execute();
        assertThat(label.header("content-type")).hasValue("application/octet-stream");
        assertThat(label.body()).isEqualTo("label 6");
    }

    // ---- CORS -----------------------------------------------------------------------------------------------

    @Test
    void crossOriginAnnotationsOfClassAndMethodCombine(TestClient client) {
        TestResponse preflight = client.options("/products/1/images").header("Origin", "https://app.partner.example")
                .header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "content-type").execute();
        assertThat(preflight.status()).isEqualTo(200);
        assertThat(preflight.header("access-control-allow-origin")).hasValue("https://app.partner.example");
        assertThat(preflight.header("access-control-allow-credentials")).hasValue("true");
        assertThat(preflight.header("access-control-allow-methods")).get().asString().contains("POST");
        assertThat(preflight.header("access-control-allow-headers")).hasValue("content-type");
        assertThat(preflight.header("access-control-max-age")).hasValue("600");

        TestResponse actual = client.get("/products/1/thumbnail").header("Origin", "https://shop.example").execute();
        assertThat(actual.status()).isEqualTo(200);
        assertThat(actual.header("access-control-allow-origin")).hasValue("https://shop.example");
        assertThat(actual.header("access-control-expose-headers")).get().asString().containsIgnoringCase("location");
        assertThat(actual.header("vary")).get().asString().containsIgnoringCase("origin");
        assertThat(actual.header("access-control-allow-credentials")).isEmpty();

        // the partner pattern is the upload method's own; the global mapping adds the back office to the class's
        assertThat(client.get("/products/1/thumbnail").header("Origin", "https://app.partner.example").execute()
                .status()).isEqualTo(403);
        assertThat(client.get("/products/1/thumbnail").header("Origin", "https://admin.example").execute()
                .header("access-control-allow-origin")).hasValue("https://admin.example");
        TestResponse rejected = client.options("/products/1/images").header("Origin", "https://evil.example")
                .header("Access-Control-Request-Method", "POST").execute();
        assertThat(rejected.status()).isEqualTo(403);
        assertThat(rejected.header("access-control-allow-origin")).isEmpty();
    }

    @Test
    void globalCorsMappingsOfAWebMvcConfigurer(TestClient client) {
        TestResponse preflight = client.options("/customers/1").header("Origin", "https://admin.example")
                .header("Access-Control-Request-Method", "PUT")
                .header("Access-Control-Request-Headers", "x-tenant").execute();
        assertThat(preflight.status()).isEqualTo(200);
        assertThat(preflight.header("access-control-allow-origin")).hasValue("https://admin.example");
        assertThat(preflight.header("access-control-allow-methods")).hasValue("GET, POST, PUT");
        assertThat(preflight.header("access-control-max-age")).hasValue("3600");

        TestResponse actual = client.get("/customers/1").header("Origin", "https://admin.example").execute();
        assertThat(actual.status()).isEqualTo(200);
        assertThat(json(actual)).containsEntry("name", "Ada");
        assertThat(actual.header("access-control-allow-origin")).hasValue("https://admin.example");
        assertThat(actual.header("access-control-expose-headers")).get().asString().containsIgnoringCase("location");

        assertThat(client.options("/customers/1").header("Origin", "https://admin.example")
                .header("Access-Control-Request-Method", "DELETE").execute().status()).isEqualTo(403);
        assertThat(client.options("/customers/1").header("Origin", "https://admin.example")
                .header("Access-Control-Request-Method", "GET")
                .header("Access-Control-Request-Headers", "x-secret").execute().status()).isEqualTo(403);
        TestResponse otherOrigin = client.get("/customers/1").header("Origin", "https://shop.example").execute();
        assertThat(otherOrigin.status()).isEqualTo(403);
        assertThat(otherOrigin.header("access-control-allow-origin")).isEmpty();
        // no rules for orders: cross-origin requests get no CORS headers, as on Spring MVC
        TestResponse orders = client.get("/orders").header("Origin", "https://shop.example").execute();
        assertThat(orders.status()).isEqualTo(200);
        assertThat(orders.header("access-control-allow-origin")).isEmpty();
    }
}
