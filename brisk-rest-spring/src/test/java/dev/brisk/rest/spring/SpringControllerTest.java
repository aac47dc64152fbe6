package dev.brisk.rest.spring;

import dev.brisk.rest.Brisk;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** The Spring MVC sample controller, unchanged, served by Brisk over real sockets. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SpringControllerTest {

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new UserController()));

    @Test
    @Order(1)
    void createsReadsAndListsUsers(TestClient client) {
        TestResponse created = client.post("/users").contentType("application/json")
                .body("{\"name\":\"Ada\",\"role\":\"ADMIN\"}").execute();
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.header("location")).hasValue("/users/1");
        assertThat(created.body()).isEqualTo("{\"id\":1,\"name\":\"Ada\",\"role\":\"ADMIN\"}");
        client.post("/users").contentType("application/json").body("{\"name\":\"Bo\"}").execute();

        assertThat(client.get("/users/1").execute().body()).contains("\"name\":\"Ada\"");
        assertThat(client.get("/users").execute().body()).startsWith("[{\"id\":1").contains("\"id\":2");
        assertThat(client.get("/users?role=member").execute().body()).doesNotContain("Ada").contains("Bo");
        assertThat(client.get("/users?page=1&size=1").execute().body()).startsWith("[{\"id\":2");
        assertThat(client.get("/users/1/async").execute().body()).contains("Ada");
    }

    @Test
    @Order(2)
    void updatesAndDeletes(TestClient client) {
        TestResponse updated = client.put("/users/2").contentType("application/json")
                .body("{\"name\":\"Bob\",\"role\":\"MEMBER\"}").execute();
        assertThat(updated.body()).contains("Bob");
        TestResponse deleted = client.delete("/users/2").execute();
        assertThat(deleted.status()).isEqualTo(204);
        assertThat(deleted.body()).isEmpty();
        assertThat(client.get("/users/2/maybe").execute().body()).isEmpty();
    }

    @Test
    @Order(3)
    void errorsFollowSpringSemantics(TestClient client) {
        TestResponse missing = client.get("/users/99").execute();
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.body()).isEqualTo("{\"code\":\"not_found\",\"message\":\"user 99 not found\"}");
        TestResponse invalid = client.post("/users").contentType("application/json").body("{\"name\":\"\"}")
                .execute();
        assertThat(invalid.status()).isEqualTo(422);
        assertThat(invalid.body()).contains("name is required");
        TestResponse notANumber = client.get("/users/abc").execute();
        assertThat(notANumber.status()).isEqualTo(400);
        assertThat(notANumber.body()).contains("path variable 'id'").contains("abc");
        assertThat(client.post("/users").contentType("text/plain").body("x").execute().status()).isEqualTo(415);
        assertThat(client.delete("/users/42").execute().status()).isEqualTo(404);
    }

    @Test
    @Order(4)
    void headersCookiesAndConvertedParameters(TestClient client) {
        TestResponse echo = client.get("/users/echo?tags=a,b&token=123e4567-e89b-12d3-a456-426614174000"
                        + "&since=2026-01-31")
                .header("X-Request-Id", "r-1").header("Cookie", "session=s3").execute();
        assertThat(echo.status()).isEqualTo(200);
        assertThat(echo.body()).contains("\"requestId\":\"r-1\"").contains("\"missing\":\"none\"")
                .contains("\"session\":\"s3\"").contains("\"tags\":[\"a\",\"b\"]")
                .contains("\"since\":\"2026-01-31\"");
        TestResponse noHeader = client.get("/users/echo?tags=a&token=123e4567-e89b-12d3-a456-426614174000"
                + "&since=2026-01-31").execute();
        assertThat(noHeader.status()).isEqualTo(400);
        assertThat(noHeader.body()).contains("Required header 'X-Request-Id' is not present.");
        assertThat(client.get("/users/thread").execute().body()).startsWith("brisk-worker-");
        assertThat(client.get("/users/7;tier=gold/cars/mini;color=red,blue;year=2012").execute().body())
                .isEqualTo("7 mini [red, blue] 2012 gold");
        assertThat(client.get("/users/7/cars/mini;color=red").execute().body()).isEqualTo("7 mini [red] 2000 null");
        TestResponse noColor = client.get("/users/7/cars/mini").execute();
        assertThat(noColor.status()).isEqualTo(400);
        assertThat(noColor.body()).contains("'color'");
        assertThat(client.get("/users/search?name=ad&role=ADMIN&limit=5&prefix=x&exact=yes").execute().body())
                .isEqualTo("Search[name=ad, role=ADMIN, limit=5] x true");
        assertThat(client.get("/users/search?limit=many").execute().status()).isEqualTo(400);
        assertThat(client.post("/users/profile").contentType("application/x-www-form-urlencoded")
                .body("nickname=ada&address.city=London&address.zip=NW1&tags=math&tags=engines").execute().body())
                .isEqualTo("ada Address[city=London, zip=NW1] [math, engines]");
        assertThat(client.post("/users/profile").contentType("application/x-www-form-urlencoded")
                .body("nickname=bo").execute().body()).isEqualTo("bo null null");
        assertThat(client.post("/users/form").contentType("application/x-www-form-urlencoded")
                .body("name=a+b&count=3").execute().body()).isEqualTo("a b x3");
        assertThat(client.get("/users/text").execute().header("content-type")).get().asString()
                .startsWith("text/plain");
    }
}
