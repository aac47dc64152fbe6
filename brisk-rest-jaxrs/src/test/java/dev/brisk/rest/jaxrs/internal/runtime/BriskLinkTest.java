package dev.brisk.rest.jaxrs.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Link;
import jakarta.ws.rs.core.UriBuilder;
import java.net.URI;
import org.junit.jupiter.api.Test;

class BriskLinkTest {

    @Path("orders")
    static class Orders {
        @Path("{id}")
        public void get() {
        }
    }

    @Test
    void parsesAndPrintsLinks() {
        Link link = Link.valueOf("<http://example.com/page/2>; rel=\"next\"; title=\"Page 2\"; type=text/html");
        assertThat(link.getUri()).isEqualTo(URI.create("http://example.com/page/2"));
        assertThat(link.getRel()).isEqualTo("next");
        assertThat(link.getRels()).containsExactly("next");
        assertThat(link.getTitle()).isEqualTo("Page 2");
        assertThat(link.getType()).isEqualTo("text/html");
        assertThat(link.toString())
                .isEqualTo("<http://example.com/page/2>; rel=\"next\"; title=\"Page 2\"; type=\"text/html\"");
        assertThat(Link.valueOf(link.toString())).isEqualTo(link);
    }

    @Test
    void rejectsLinksWithoutUri() {
        assertThatThrownBy(() -> Link.valueOf("rel=next")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected <uri>");
    }

    @Test
    void buildsWithRelsParamsAndTemplates() {
        Link link = Link.fromUri("/books/{id}").rel("self").rel("canonical").title("Book").type("application/json")
                .param("hreflang", "en").build(7);
        assertThat(link.getUri()).isEqualTo(URI.create("/books/7"));
        assertThat(link.getRels()).containsExactly("self", "canonical");
        assertThat(link.getParams()).containsEntry("hreflang", "en");
        assertThat(link.toString()).isEqualTo(
                "</books/7>; rel=\"self canonical\"; title=\"Book\"; type=\"application/json\"; hreflang=\"en\"");
        assertThatThrownBy(() -> Link.fromUri("/x").param("a", null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void resolvesAgainstBaseUri() {
        Link link = Link.fromUri("items/1").baseUri("http://h/api/").rel("item").build();
        assertThat(link.getUri()).isEqualTo(URI.create("http://h/api/items/1"));
        Link absolute = Link.fromUri("http://other/x").baseUri("http://h/api/").build();
        assertThat(absolute.getUri()).isEqualTo(URI.create("http://other/x"));
    }

    @Test
    void buildsRelativized() {
        Link.Builder builder = Link.fromUri("http://h/a/c/d").rel("r");
        assertThat(builder.buildRelativized(URI.create("http://h/a/b")).getUri()).isEqualTo(URI.create("c/d"));
        assertThat(builder.buildRelativized(URI.create("http://h/a/b/e")).getUri()).isEqualTo(URI.create("../c/d"));
        assertThat(builder.buildRelativized(URI.create("http://other/a/b")).getUri())
                .isEqualTo(URI.create("http://h/a/c/d"));
    }

    @Test
    void copiesLinksAndUriBuilders() {
        Link original = Link.fromUri("http://h/x").rel("a").build();
        Link copy = Link.fromLink(original).title("t").build();
        assertThat(copy.getUri()).isEqualTo(original.getUri());
        assertThat(copy.getRel()).isEqualTo("a");
        assertThat(copy.getTitle()).isEqualTo("t");
        assertThat(original.getTitle()).isNull();

        UriBuilder ub = UriBuilder.fromUri("http://h/{p}");
        assertThat(Link.fromUriBuilder(ub).build("q").getUri()).isEqualTo(URI.create("http://h/q"));
        assertThat(original.getUriBuilder().path("y").build()).isEqualTo(URI.create("http://h/x/y"));
        assertThat(Link.fromResource(Orders.class).build().getUri()).isEqualTo(URI.create("orders"));
        assertThat(Link.fromMethod(Orders.class, "get").build(5).getUri()).isEqualTo(URI.create("5"));
    }

    @Test
    void linkBuilderParsesHeaderForm() {
        Link link = Link.fromUri("/ignored").build();
        Link parsed = new BriskLinkBuilder().link("<http://h/{x}>; rel=\"t\"").build("v");
        assertThat(parsed.getUri()).isEqualTo(URI.create("http://h/v"));
        assertThat(parsed.getRel()).isEqualTo("t");
        assertThat(link.getRel()).isNull();
        assertThat(link.getRels()).isEmpty();
    }
}
