package dev.brisk.rest.jaxrs.compat;

import dev.brisk.rest.Brisk;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.UriInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code UriInfo} of a request that reached its resource method with a trailing slash (Jakarta REST 3.7.3), under
 * a context path: as in Jersey, the base URI keeps the context path and the path keeps the slash.
 */
class TrailingSlashUriInfoTest {

    @Path("/clipboard")
    public static class ClipboardResource {

        @GET
        @Path("{name}")
        public String item(@PathParam("name") String name, @Context UriInfo uriInfo) {
            return name + " " + uriInfo.getBaseUri().getPath() + " " + uriInfo.getPath();
        }
    }

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .options(o -> o.contextPath("/api"))
            .controllers(new ClipboardResource()));

    @Test
    void theBaseUriAndPathOfATrailingSlashRequest(TestClient client) {
        assertThat(client.get("/api/clipboard/a/").execute().body()).isEqualTo("a /api/ clipboard/a/");
        assertThat(client.get("/api/clipboard/a").execute().body()).isEqualTo("a /api/ clipboard/a");
    }
}
