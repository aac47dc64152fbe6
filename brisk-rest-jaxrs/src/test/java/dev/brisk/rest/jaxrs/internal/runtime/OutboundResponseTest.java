package dev.brisk.rest.jaxrs.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Link;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.Variant;
import java.lang.annotation.Annotation;
import java.net.URI;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OutboundResponseTest {

    record Book(String title) {
    }

    @Test
    void createdWithLocationEntityAndType() {
        Book book = new Book("Dune");
        Response r = Response.status(201).location(URI.create("/x")).entity(book)
                .type(MediaType.APPLICATION_JSON_TYPE).build();

        assertThat(r).isInstanceOf(OutboundResponse.class);
        assertThat(r.getStatus()).isEqualTo(201);
        assertThat(r.getStatusInfo()).isEqualTo(Response.Status.CREATED);
        assertThat(r.getLocation()).isEqualTo(URI.create("/x"));
        assertThat(r.hasEntity()).isTrue();
        assertThat(r.getEntity()).isSameAs(book);
        assertThat(r.getMediaType()).isEqualTo(MediaType.APPLICATION_JSON_TYPE);
        assertThat(r.getHeaderString("content-type")).isEqualTo("application/json");
        assertThat(r.getHeaderString("LOCATION")).isEqualTo("/x");
        assertThat(r.getLength()).isEqualTo(-1);
    }

    @Test
    void shortcutsSetTheirStatusAndHeaders() {
        EntityTag tag = new EntityTag("v1");
        Response notModified = Response.notModified(tag).build();
        assertThat(notModified.getStatus()).isEqualTo(304);
        assertThat(notModified.getEntityTag()).isEqualTo(tag);
        assertThat(notModified.getHeaderString(HttpHeaders.ETAG)).isEqualTo("\"v1\"");

        Response seeOther = Response.seeOther(URI.create("http://h/next")).build();
        assertThat(seeOther.getStatus()).isEqualTo(303);
        assertThat(seeOther.getLocation()).isEqualTo(URI.create("http://h/next"));

        Response noContent = Response.noContent().build();
        assertThat(noContent.getStatus()).isEqualTo(204);
        assertThat(noContent.hasEntity()).isFalse();

        Response serverError = Response.serverError().build();
        assertThat(serverError.getStatus()).isEqualTo(500);
        assertThat(serverError.getStatusInfo().getFamily()).isEqualTo(Response.Status.Family.SERVER_ERROR);

        Response ok = Response.ok("hi", MediaType.TEXT_PLAIN).build();
        assertThat(ok.getStatus()).isEqualTo(200);
        assertThat(ok.getMediaType()).isEqualTo(MediaType.TEXT_PLAIN_TYPE);

        assertThat(Response.notModified("v2").build().getEntityTag()).isEqualTo(new EntityTag("v2"));
        assertThat(Response.temporaryRedirect(URI.create("/t")).build().getStatus()).isEqualTo(307);
        assertThat(Response.accepted().build().getStatus()).isEqualTo(202);
    }

    @Test
    void statusWithoutStandardConstantGetsFamilyAndReason() {
        Response r = Response.status(299, "Custom").build();
        assertThat(r.getStatusInfo().getStatusCode()).isEqualTo(299);
        assertThat(r.getStatusInfo().getReasonPhrase()).isEqualTo("Custom");
        assertThat(r.getStatusInfo().getFamily()).isEqualTo(Response.Status.Family.SUCCESSFUL);

        Response custom = Response.status(200, "Fine").build();
        assertThat(custom.getStatusInfo().getReasonPhrase()).isEqualTo("Fine");
        assertThat(Response.status(Response.Status.NOT_FOUND).build().getStatusInfo())
                .isSameAs(Response.Status.NOT_FOUND);
    }

    @Test
    void rejectsStatusOutsideRange() {
        assertThatThrownBy(() -> Response.status(99)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("99");
        assertThatThrownBy(() -> Response.status(600)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void defaultStatusDependsOnEntity() {
        Response.ResponseBuilder builder = new BriskRuntimeDelegate().createResponseBuilder();
        assertThat(builder.build().getStatus()).isEqualTo(204);
        assertThat(new BriskRuntimeDelegate().createResponseBuilder().entity("x").build().getStatus())
                .isEqualTo(200);
    }

    @Test
    void cookieIsWrittenAsSetCookie() {
        NewCookie cookie = new NewCookie.Builder("s").value("1").path("/").httpOnly(true)
                .sameSite(NewCookie.SameSite.LAX).build();
        Response r = Response.ok().cookie(cookie).build();

        assertThat(r.getHeaderString("Set-Cookie")).isEqualTo("s=1; Path=/; HttpOnly; SameSite=Lax");
        assertThat(r.getCookies()).containsEntry("s", cookie);
        assertThat(r.getStringHeaders().getFirst("set-cookie")).isEqualTo("s=1; Path=/; HttpOnly; SameSite=Lax");
    }

    @Test
    void cookiesGivenAsStringsAreParsed() {
        Response r = Response.ok().header("Set-Cookie", "a=1; Max-Age=5").header("set-cookie", "b=2").build();
        assertThat(r.getCookies()).containsOnlyKeys("a", "b");
        assertThat(r.getCookies().get("a").getMaxAge()).isEqualTo(5);
    }

    @Test
    void nullCookieRemovesAllCookies() {
        Response r = Response.ok().header("Set-Cookie", "a=1").cookie(new NewCookie.Builder("b").build())
                .cookie((NewCookie[]) null).build();
        assertThat(r.getCookies()).isEmpty();
        assertThat(r.getHeaders()).doesNotContainKey("Set-Cookie");
    }

    @Test
    void headersAreCaseInsensitiveAndNullRemoves() {
        Response r = Response.ok().header("X-Trace", "a").header("x-trace", "b").header("X-Gone", "1")
                .header("x-gone", null).build();
        assertThat(r.getHeaders().get("X-TRACE")).containsExactly("a", "b");
        assertThat(r.getHeaderString("x-trace")).isEqualTo("a,b");
        assertThat(r.getHeaders()).doesNotContainKey("X-Gone");
        assertThat(r.getHeaderString("X-Gone")).isNull();
        assertThat(r.getHeaders().keySet()).containsExactly("X-Trace");

        r.getHeaders().add("x-more", 1);
        assertThat(r.getMetadata().getFirst("X-More")).isEqualTo(1);
    }

    @Test
    void typedHeadersAreRenderedThroughDelegates() {
        Date date = new Date(784111777000L);
        CacheControl cc = new CacheControl();
        cc.setMaxAge(60);
        Response r = Response.ok()
                .lastModified(date)
                .expires(date)
                .header(HttpHeaders.DATE, date)
                .cacheControl(cc)
                .language(Locale.US)
                .encoding("gzip")
                .contentLocation(URI.create("/c"))
                .header(HttpHeaders.CONTENT_LENGTH, 12)
                .allow("GET", "POST", "GET")
                .build();

        assertThat(r.getHeaderString("Last-Modified")).isEqualTo("Sun, 06 Nov 1994 08:49:37 GMT");
        assertThat(r.getHeaderString("Expires")).isEqualTo("Sun, 06 Nov 1994 08:49:37 GMT");
        assertThat(r.getLastModified()).isEqualTo(date);
        assertThat(r.getDate()).isEqualTo(date);
        assertThat(r.getHeaderString("Cache-Control")).isEqualTo("no-transform, max-age=60");
        assertThat(r.getLanguage()).isEqualTo(Locale.US);
        assertThat(r.getHeaderString("Content-Language")).isEqualTo("en-US");
        assertThat(r.getHeaderString("Content-Encoding")).isEqualTo("gzip");
        assertThat(r.getHeaderString("Content-Location")).isEqualTo("/c");
        assertThat(r.getLength()).isEqualTo(12);
        assertThat(r.getAllowedMethods()).containsExactly("GET", "POST");
    }

    @Test
    void stringHeaderValuesAreParsedByTypedGetters() {
        Response r = Response.ok()
                .header("Content-Type", "text/plain;charset=utf-8")
                .header("Last-Modified", "Sun, 06 Nov 1994 08:49:37 GMT")
                .header("ETag", "W/\"7\"")
                .header("Content-Length", "42")
                .header("Location", "http://h/a")
                .header("Allow", "GET, HEAD")
                .build();
        assertThat(r.getMediaType()).isEqualTo(MediaType.TEXT_PLAIN_TYPE.withCharset("utf-8"));
        assertThat(r.getLastModified()).isEqualTo(new Date(784111777000L));
        assertThat(r.getEntityTag()).isEqualTo(new EntityTag("7", true));
        assertThat(r.getLength()).isEqualTo(42);
        assertThat(r.getLocation()).isEqualTo(URI.create("http://h/a"));
        assertThat(r.getAllowedMethods()).containsExactly("GET", "HEAD");
    }

    @Test
    void typeReplacesAndNullRemoves() {
        Response r = Response.ok().type("text/html").type(MediaType.TEXT_PLAIN_TYPE).build();
        assertThat(r.getHeaders().get("Content-Type")).containsExactly(MediaType.TEXT_PLAIN_TYPE);
        assertThat(Response.ok().type("text/html").type((String) null).build().getMediaType()).isNull();
        assertThatThrownBy(() -> Response.ok().type("nonsense")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected type/subtype");
    }

    @Test
    void variantSetsTypeLanguageAndEncoding() {
        Response r = Response.ok("x", new Variant(MediaType.APPLICATION_XML_TYPE, Locale.FRENCH, "gzip")).build();
        assertThat(r.getMediaType()).isEqualTo(MediaType.APPLICATION_XML_TYPE);
        assertThat(r.getLanguage()).isEqualTo(Locale.FRENCH);
        assertThat(r.getHeaderString("Content-Encoding")).isEqualTo("gzip");
    }

    @Test
    void variantsSetVaryFromTheDimensionsThatDiffer() {
        List<Variant> variants = Variant.mediaTypes(MediaType.APPLICATION_JSON_TYPE, MediaType.APPLICATION_XML_TYPE)
                .languages(Locale.ENGLISH).build();
        Response r = Response.notAcceptable(variants).build();
        assertThat(r.getStatus()).isEqualTo(406);
        assertThat(r.getHeaderString("Vary")).isEqualTo("Accept");

        List<Variant> both = Variant.mediaTypes(MediaType.APPLICATION_JSON_TYPE)
                .languages(Locale.ENGLISH, Locale.GERMAN).add()
                .mediaTypes(MediaType.TEXT_PLAIN_TYPE).build();
        assertThat(Response.ok().variants(both).build().getHeaderString("Vary"))
                .isEqualTo("Accept,Accept-Language");
        assertThat(Response.ok().variants(both).variants((List<Variant>) null).build().getHeaderString("Vary"))
                .isNull();
    }

    @Test
    void linksAreAddedAndFoundByRelation() {
        Response r = Response.ok()
                .link("http://h/books?page=2", "next")
                .link(URI.create("http://h/books?page=0"), "prev")
                .links(Link.fromUri("/self").rel("self").build())
                .build();
        assertThat(r.getLinks()).hasSize(3);
        assertThat(r.hasLink("next")).isTrue();
        assertThat(r.hasLink("last")).isFalse();
        assertThat(r.getLink("prev").getUri()).isEqualTo(URI.create("http://h/books?page=0"));
        assertThat(r.getLinkBuilder("self").build().getUri()).isEqualTo(URI.create("/self"));
        assertThat(r.getLinkBuilder("last")).isNull();
        assertThat(r.getStringHeaders().get("Link")).contains("<http://h/books?page=2>; rel=\"next\"");
    }

    @Test
    void linksGivenAsHeaderStringsAreParsed() {
        Response r = Response.ok().header("Link", "<http://h/1>; rel=\"a\", <http://h/2>; rel=\"b c\"").build();
        assertThat(r.getLink("c").getUri()).isEqualTo(URI.create("http://h/2"));
        assertThat(r.getLink("a").getUri()).isEqualTo(URI.create("http://h/1"));
    }

    @Test
    void entityAnnotationsAreKept() throws Exception {
        Annotation[] annotations = getClass().getDeclaredMethod("annotated").getAnnotations();
        OutboundResponse r = (OutboundResponse) Response.ok().entity("x", annotations).build();
        assertThat(r.entityAnnotations()).hasSize(1);
        assertThat(r.entityAnnotations()[0].annotationType()).isEqualTo(GET.class);
        assertThat(((OutboundResponse) Response.ok("y").build()).entityAnnotations()).isEmpty();
    }

    @GET
    void annotated() {
    }

    @Test
    void hasNoEntityStreamAndClosesIdempotently() {
        Response r = Response.ok("x").build();
        assertThatThrownBy(() -> r.readEntity(String.class)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("an outbound response has no entity stream");
        assertThatThrownBy(r::bufferEntity).isInstanceOf(IllegalStateException.class);
        assertThat(r.isClosed()).isFalse();
        r.close();
        r.close();
        assertThat(r.isClosed()).isTrue();
        assertThatThrownBy(r::getEntity).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(r::hasEntity).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void buildCopiesStateAndResetsTheBuilder() {
        Response.ResponseBuilder builder = Response.status(202).header("X-A", "1").entity("e");
        Response.ResponseBuilder copy = builder.clone();
        Response first = builder.build();
        Response second = builder.build();
        assertThat(first.getStatus()).isEqualTo(202);
        assertThat(second.getStatus()).isEqualTo(200);
        assertThat(second.hasEntity()).isFalse();
        assertThat(second.getHeaders()).isEmpty();

        copy.header("X-B", "2");
        Response fromCopy = copy.build();
        assertThat(fromCopy.getStatus()).isEqualTo(202);
        assertThat(fromCopy.getHeaders().keySet()).containsExactly("X-A", "X-B");
        assertThat(first.getHeaders().keySet()).containsExactly("X-A");
    }

    @Test
    void fromResponseCopiesStatusEntityAndHeaders() {
        Response original = Response.status(418).entity("tea").header("X-Pot", "1").build();
        Response copy = Response.fromResponse(original).header("x-pot", "2").build();
        assertThat(copy.getStatus()).isEqualTo(418);
        assertThat(copy.getEntity()).isEqualTo("tea");
        assertThat(copy.getHeaders().get("X-Pot")).containsExactly("1", "2");
    }

    @Test
    void replaceAllSwapsTheHeaders() {
        Response r = Response.ok().header("X-Old", "1")
                .replaceAll(new CaseInsensitiveMultivaluedMap<>(Map.of("X-New", List.of("2"))))
                .build();
        assertThat(r.getHeaders().keySet()).containsExactly("X-New");
        assertThat(Response.ok().header("X", "1").replaceAll(null).build().getHeaders()).isEmpty();
    }

    @Test
    void tagStringIsAStrongTagAndAllowNullRemoves() {
        Response r = Response.ok().tag("abc").allow("GET").allow((Set<String>) null).build();
        assertThat(r.getEntityTag()).isEqualTo(new EntityTag("abc"));
        assertThat(r.getEntityTag().isWeak()).isFalse();
        assertThat(r.getAllowedMethods()).isEmpty();
    }

    @Test
    void headerValueToStringRendersObjects() {
        assertThat(HeaderValues.headerValueToString(MediaType.APPLICATION_JSON_TYPE.withCharset("utf-8")))
                .isEqualTo("application/json;charset=utf-8");
        assertThat(HeaderValues.headerValueToString(new Date(0))).isEqualTo("Thu, 01 Jan 1970 00:00:00 GMT");
        assertThat(HeaderValues.headerValueToString(new EntityTag("x", true))).isEqualTo("W/\"x\"");
        assertThat(HeaderValues.headerValueToString(URI.create("/a%20b"))).isEqualTo("/a%20b");
        assertThat(HeaderValues.headerValueToString(Locale.CANADA_FRENCH)).isEqualTo("fr-CA");
        assertThat(HeaderValues.headerValueToString(17)).isEqualTo("17");
        assertThat(HeaderValues.headerValueToString(null)).isNull();
    }
}
