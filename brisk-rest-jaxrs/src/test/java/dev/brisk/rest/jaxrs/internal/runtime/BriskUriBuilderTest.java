package dev.brisk.rest.jaxrs.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.UriBuilder;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BriskUriBuilderTest {

    @Path("/books")
    static class BookResource {
        @GET
        @Path("{id}")
        public String get(String id) {
            return id;
        }

        @GET
        public String list() {
            return "";
        }

        @Path("twice")
        public void twice() {
        }

        @Path("twice/{n}")
        public void twice(int n) {
        }
    }

    interface Annotated {
        @Path("reviews/{rid: [0-9]+}")
        String reviews(String rid);
    }

    static class Implementation implements Annotated {
        @Override
        public String reviews(String rid) {
            return rid;
        }
    }

    @Test
    void buildsFromPathWithTemplateAndQuery() {
        URI uri = UriBuilder.fromPath("/books/{id}").queryParam("q", "a b").build(7);
        assertThat(uri.toString()).isEqualTo("/books/7?q=a%20b");
    }

    @Test
    void joinsPathsWithExactlyOneSlash() {
        assertThat(UriBuilder.fromUri("http://h:8080/a").path("b/").path("/c").build().toString())
                .isEqualTo("http://h:8080/a/b/c");
        assertThat(UriBuilder.fromUri("http://h").path("x").build().toString()).isEqualTo("http://h/x");
        assertThat(UriBuilder.fromPath("a").path("b").path("c/").build().toString()).isEqualTo("a/b/c/");
        assertThat(UriBuilder.fromPath("/a/").path("/b").build().toString()).isEqualTo("/a/b");
    }

    @Test
    void absolutePathBuilderUseCase() {
        UriBuilder base = UriBuilder.fromUri("http://example.com/api/books");
        assertThat(base.clone().path("42").build()).isEqualTo(URI.create("http://example.com/api/books/42"));
        assertThat(base.build()).isEqualTo(URI.create("http://example.com/api/books"));
    }

    @Test
    void templatesWithRegexDropTheRegex() {
        UriBuilder b = UriBuilder.fromPath("/items/{id: [0-9]{1,4}}/{name : .+}");
        assertThat(b.build(12, "x").toString()).isEqualTo("/items/12/x");
        assertThat(b.toTemplate()).isEqualTo("/items/{id: [0-9]{1,4}}/{name : .+}");
    }

    @Test
    void positionalValuesFollowFirstAppearance() {
        URI uri = UriBuilder.fromPath("/{a}/{b}/{a}").build("x", "y");
        assertThat(uri.toString()).isEqualTo("/x/y/x");
    }

    @Test
    void missingTemplateValueThrows() {
        UriBuilder b = UriBuilder.fromPath("/{a}/{b}");
        assertThatThrownBy(() -> b.build("x")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'b'");
        assertThatThrownBy(() -> b.build("x", null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> b.buildFromMap(Map.of("a", "1"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'b'");
    }

    @Test
    void valuesAreEncodedForTheirComponent() {
        assertThat(UriBuilder.fromPath("{arg1}").build("foo#bar").toString()).isEqualTo("foo%23bar");
        assertThat(UriBuilder.fromPath("{arg1}").fragment("{arg2}").build("foo", "bar").toString())
                .isEqualTo("foo#bar");
        assertThat(UriBuilder.fromPath("/p/{v}").queryParam("q", "{v}").build("a&b c").toString())
                .isEqualTo("/p/a&b%20c?q=a%26b%20c");
        assertThat(UriBuilder.fromPath("/{v}").build("\u00e9").toString()).isEqualTo("/%C3%A9");
    }

    @Test
    void slashesInValuesAreEncodedUnlessAskedNotTo() {
        UriBuilder b = UriBuilder.fromPath("/files/{path}");
        assertThat(b.build("a/b").toString()).isEqualTo("/files/a%2Fb");
        assertThat(b.build(new Object[] {"a/b"}, false).toString()).isEqualTo("/files/a/b");
        assertThat(b.buildFromMap(Map.of("path", "a/b"), false).toString()).isEqualTo("/files/a/b");
        assertThat(b.buildFromMap(Map.of("path", "a/b")).toString()).isEqualTo("/files/a%2Fb");
    }

    @Test
    void percentInValuesIsEncodedUnlessBuildingFromEncoded() {
        UriBuilder b = UriBuilder.fromPath("/{v}");
        assertThat(b.build("a%20b").toString()).isEqualTo("/a%2520b");
        assertThat(b.buildFromEncoded("a%20b").toString()).isEqualTo("/a%20b");
        assertThat(b.buildFromEncoded("50%").toString()).isEqualTo("/50%25");
        assertThat(b.buildFromEncodedMap(Map.of("v", "x%2Fy z")).toString()).isEqualTo("/x%2Fy%20z");
    }

    @Test
    void builderMethodsEncodeContextuallyAndKeepEscapes() {
        assertThat(UriBuilder.fromPath("/a b/c%20d;m=1").build().getRawPath()).isEqualTo("/a%20b/c%20d;m=1");
        assertThat(UriBuilder.fromPath("/").segment("a/b", "c d").build().toString()).isEqualTo("/a%2Fb/c%20d");
        assertThat(UriBuilder.fromPath("/").queryParam("k", "1+1=2").build().toString())
                .isEqualTo("/?k=1%2B1%3D2");
        assertThat(UriBuilder.fromPath("/").replaceQuery("a=1&b=x y").build().toString())
                .isEqualTo("/?a=1&b=x%20y");
    }

    @Test
    void resolvesTemplatesStepByStep() {
        UriBuilder b = UriBuilder.fromUri("http://{host}/{a}/{b}");
        b.resolveTemplate("host", "example.com").resolveTemplate("a", "x/y");
        assertThat(b.toTemplate()).isEqualTo("http://example.com/x%2Fy/{b}");
        b.resolveTemplates(Map.of("b", "p/q"), false);
        assertThat(b.build().toString()).isEqualTo("http://example.com/x%2Fy/p/q");

        UriBuilder encoded = UriBuilder.fromPath("/{a}/{b}").resolveTemplateFromEncoded("a", "%41/b c")
                .resolveTemplatesFromEncoded(Map.of("b", "%zz"));
        assertThat(encoded.build().toString()).isEqualTo("/%41/b%20c/%25zz");
        assertThatThrownBy(() -> UriBuilder.fromPath("/{a}").resolveTemplate("a", null))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void setsEveryComponent() {
        URI uri = UriBuilder.newInstance().scheme("https").userInfo("me").host("h.example").port(8443)
                .path("/p").queryParam("a", 1, 2).fragment("frag").build();
        assertThat(uri.toString()).isEqualTo("https://me@h.example:8443/p?a=1&a=2#frag");

        URI changed = UriBuilder.fromUri(uri).port(-1).userInfo(null).replacePath("/other").replaceQuery(null)
                .fragment(null).scheme("http").build();
        assertThat(changed.toString()).isEqualTo("http://h.example/other");
    }

    @Test
    void parsesUriStringsWithTemplates() {
        UriBuilder b = UriBuilder.fromUri("http://{host}:{port}/x/{id: \\d+}?q={q}#{f}");
        assertThat(b.build("h", 81, 5, "a b", "top").toString()).isEqualTo("http://h:81/x/5?q=a%20b#top");
        assertThat(UriBuilder.fromUri("http://[::1]:8080/a").build().getPort()).isEqualTo(8080);
    }

    @Test
    void opaqueUrisAndSchemeSpecificPart() {
        assertThat(UriBuilder.fromUri("mailto:someone@example.com").build().toString())
                .isEqualTo("mailto:someone@example.com");
        URI uri = UriBuilder.fromUri("http://old/path").schemeSpecificPart("//new:81/p?x=1").build();
        assertThat(uri.toString()).isEqualTo("http://new:81/p?x=1");
    }

    @Test
    void queryParamsCanBeReplaced() {
        UriBuilder b = UriBuilder.fromUri("/s?a=1&b=2&a=3");
        assertThat(b.clone().replaceQueryParam("a", "9").build().toString()).isEqualTo("/s?b=2&a=9");
        assertThat(b.clone().replaceQueryParam("a").build().toString()).isEqualTo("/s?b=2");
        assertThat(b.clone().replaceQueryParam("a").replaceQueryParam("b").build().toString()).isEqualTo("/s");
        assertThatThrownBy(() -> b.queryParam("x", (Object) null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void matrixParamsApplyToTheLastSegment() {
        UriBuilder b = UriBuilder.fromPath("/cars;color=red/models").matrixParam("year", 2020).matrixParam("k", "a b");
        assertThat(b.build().toString()).isEqualTo("/cars;color=red/models;year=2020;k=a%20b");
        assertThat(b.clone().replaceMatrixParam("year", 2021).build().toString())
                .isEqualTo("/cars;color=red/models;k=a%20b;year=2021");
        assertThat(b.clone().replaceMatrixParam("k").build().toString()).isEqualTo("/cars;color=red/models;year=2020");
        assertThat(b.clone().replaceMatrix("x=1;y=2").build().toString()).isEqualTo("/cars;color=red/models;x=1;y=2");
        assertThat(b.clone().replaceMatrix(null).build().toString()).isEqualTo("/cars;color=red/models");
    }

    @Test
    void pathsFromResourceAnnotations() throws Exception {
        assertThat(UriBuilder.fromResource(BookResource.class).path(BookResource.class, "get").build(3).toString())
                .isEqualTo("/books/3");
        assertThat(UriBuilder.fromMethod(BookResource.class, "get").build(4).toString()).isEqualTo("4");
        assertThat(UriBuilder.fromPath("/api").path(BookResource.class).path(
                BookResource.class.getMethod("get", String.class)).build("9").toString()).isEqualTo("/api/books/9");
        assertThat(UriBuilder.fromPath("/r").path(Implementation.class, "reviews").build(5).toString())
                .isEqualTo("/r/reviews/5");

        assertThatThrownBy(() -> UriBuilder.fromPath("/").path(BookResource.class, "list"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'list'");
        assertThatThrownBy(() -> UriBuilder.fromPath("/").path(BookResource.class, "twice"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("more than one");
        assertThatThrownBy(() -> UriBuilder.fromResource(String.class))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("@Path");
    }

    @Test
    void builderIsUnaffectedByBuildAndCloneIsIndependent() {
        UriBuilder b = UriBuilder.fromPath("/{x}");
        assertThat(b.build("1").toString()).isEqualTo("/1");
        assertThat(b.build("2").toString()).isEqualTo("/2");
        UriBuilder c = b.clone().path("more");
        assertThat(b.toTemplate()).isEqualTo("/{x}");
        assertThat(c.toTemplate()).isEqualTo("/{x}/more");
    }

    @Test
    void rejectsInvalidArguments() {
        assertThatThrownBy(() -> UriBuilder.fromPath("/").host("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> UriBuilder.fromPath("/").port(-2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> UriBuilder.fromPath("/").scheme("1http")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> UriBuilder.fromPath("/").path((String) null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> UriBuilder.fromPath("/").segment("a", null))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
