package dev.brisk.rest.jaxrs.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.Cookie;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.ext.RuntimeDelegate;
import java.util.Date;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HeaderDelegatesTest {

    private static final Date SAMPLE = new Date(784111777000L); // Sun, 06 Nov 1994 08:49:37 GMT

    // ---- MediaType

    @Test
    void parsesMediaTypeWithParameters() {
        MediaType type = MediaType.valueOf("text/plain; charset=UTF-8; q=0.5");
        assertThat(type.getType()).isEqualTo("text");
        assertThat(type.getSubtype()).isEqualTo("plain");
        assertThat(type.getParameters()).containsEntry("charset", "UTF-8").containsEntry("q", "0.5");
        assertThat(type.isCompatible(MediaType.TEXT_PLAIN_TYPE)).isTrue();
    }

    @Test
    void parsesQuotedParametersAndWildcards() {
        MediaType type = MediaType.valueOf("multipart/form-data; boundary=\"a;b \\\"c\\\"\"");
        assertThat(type.getParameters()).containsEntry("boundary", "a;b \"c\"");
        assertThat(type.toString()).isEqualTo("multipart/form-data;boundary=\"a;b \\\"c\\\"\"");
        assertThat(MediaType.valueOf("*")).isEqualTo(MediaType.WILDCARD_TYPE);
        assertThat(MediaType.valueOf("text/*").isWildcardSubtype()).isTrue();
    }

    @Test
    void printsMediaTypes() {
        assertThat(MediaType.APPLICATION_JSON_TYPE.withCharset("utf-8").toString())
                .isEqualTo("application/json;charset=utf-8");
        assertThat(MediaType.TEXT_HTML_TYPE.toString()).isEqualTo("text/html");
    }

    @Test
    void rejectsMalformedMediaTypes() {
        assertThatThrownBy(() -> MediaType.valueOf("foo")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("invalid media type \"foo\": expected type/subtype");
        assertThatThrownBy(() -> MediaType.valueOf("text/")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected type/subtype");
        assertThatThrownBy(() -> MediaType.valueOf("text/plain; charset")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("charset");
        assertThatThrownBy(() -> MediaType.valueOf("")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void typeSubtypeAndParameterNamesAreCaseInsensitiveValuesAreNot() {
        MediaType type = MediaType.valueOf("Text/HTML; Level=A; charset=UTF-8");
        assertThat(type.getType()).isEqualTo("text");
        assertThat(type.getSubtype()).isEqualTo("html");
        assertThat(type.getParameters()).containsEntry("level", "A").containsEntry("charset", "UTF-8");
        assertThat(type.toString()).isEqualTo("text/html;charset=UTF-8;level=A");
        assertThat(type).isNotEqualTo(MediaType.valueOf("text/html; level=a; charset=UTF-8"));
        assertThat(new MediaType("Application", "JSON").toString()).isEqualTo("application/json");
    }

    @Test
    void aLoneStarIsTheWildcardTypeWithItsParameters() {
        MediaType type = MediaType.valueOf(" * ; q=0.2");
        assertThat(type.isWildcardType()).isTrue();
        assertThat(type.isWildcardSubtype()).isTrue();
        assertThat(type.getParameters()).containsEntry("q", "0.2");
        assertThat(type.toString()).isEqualTo("*/*;q=0.2");
    }

    @Test
    void rejectsWhatIsNotAMediaTypeInEitherDirection() {
        assertThatThrownBy(() -> MediaType.valueOf("*/plain")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("*/subtype");
        assertThatThrownBy(() -> MediaType.valueOf("text / plain")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tokens");
        assertThatThrownBy(() -> new MediaType("te xt", "plain").toString())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tokens");
        assertThatThrownBy(() -> new MediaType("*", "json").toString()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("*/subtype");
        assertThatThrownBy(() -> new MediaType("text", "plain", Map.of("a b", "c")).toString())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a token");
    }

    // ---- CacheControl

    @Test
    void cacheControlRoundTrip() {
        String header = "private=\"x, y\", no-cache, no-store, no-transform, must-revalidate, proxy-revalidate, "
                + "max-age=60, s-maxage=10, stale-while-revalidate=30";
        CacheControl cc = CacheControl.valueOf(header);
        assertThat(cc.isPrivate()).isTrue();
        assertThat(cc.getPrivateFields()).containsExactly("x", "y");
        assertThat(cc.isNoCache()).isTrue();
        assertThat(cc.getNoCacheFields()).isEmpty();
        assertThat(cc.isNoStore()).isTrue();
        assertThat(cc.isNoTransform()).isTrue();
        assertThat(cc.isMustRevalidate()).isTrue();
        assertThat(cc.isProxyRevalidate()).isTrue();
        assertThat(cc.getMaxAge()).isEqualTo(60);
        assertThat(cc.getSMaxAge()).isEqualTo(10);
        assertThat(cc.getCacheExtension()).containsExactly(Map.entry("stale-while-revalidate", "30"));
        assertThat(cc.toString()).isEqualTo(header);
        assertThat(CacheControl.valueOf(cc.toString())).isEqualTo(cc);
    }

    @Test
    void cacheControlDefaultsAndNoCacheFields() {
        assertThat(new CacheControl().toString()).isEqualTo("no-transform");
        CacheControl parsed = CacheControl.valueOf("no-cache=\"Set-Cookie\", max-age=0");
        assertThat(parsed.isNoTransform()).isFalse();
        assertThat(parsed.getNoCacheFields()).containsExactly("Set-Cookie");
        assertThat(parsed.toString()).isEqualTo("no-cache=\"Set-Cookie\", max-age=0");
        CacheControl immutable = CacheControl.valueOf("public, immutable, x=\"a b\"");
        assertThat(immutable.getCacheExtension()).containsEntry("immutable", null).containsEntry("x", "a b");
        assertThat(immutable.toString()).contains("immutable").contains("x=\"a b\"");
        assertThatThrownBy(() -> CacheControl.valueOf("max-age=soon")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("max-age");
    }

    // ---- Cookie

    @Test
    void parsesPlainAndLegacyCookies() {
        Cookie plain = Cookie.valueOf("session=abc");
        assertThat(plain.getName()).isEqualTo("session");
        assertThat(plain.getValue()).isEqualTo("abc");
        assertThat(plain.getVersion()).isEqualTo(Cookie.DEFAULT_VERSION);

        Cookie legacy = Cookie.valueOf("$Version=1; name=\"va lue\"; $Path=/; $Domain=example.com");
        assertThat(legacy.getName()).isEqualTo("name");
        assertThat(legacy.getValue()).isEqualTo("va lue");
        assertThat(legacy.getPath()).isEqualTo("/");
        assertThat(legacy.getDomain()).isEqualTo("example.com");
        assertThat(legacy.getVersion()).isEqualTo(1);

        assertThatThrownBy(() -> Cookie.valueOf("$Version=1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no name=value");
    }

    @Test
    void printsCookies() {
        assertThat(new Cookie.Builder("a").value("b").build().toString()).isEqualTo("a=b");
        Cookie withPath = new Cookie.Builder("a").value("b c").path("/p").build();
        assertThat(withPath.toString()).isEqualTo("$Version=1; a=\"b c\"; $Path=/p");
        assertThat(Cookie.valueOf(withPath.toString())).isEqualTo(withPath);
    }

    // ---- NewCookie

    @Test
    void printsSetCookie() {
        NewCookie cookie = new NewCookie.Builder("id").value("42").domain("example.com").path("/app")
                .maxAge(60).expiry(SAMPLE).secure(true).httpOnly(true).sameSite(NewCookie.SameSite.STRICT)
                .comment("hi there").build();
        assertThat(cookie.toString()).isEqualTo("id=42; Comment=\"hi there\"; Domain=example.com; Path=/app; "
                + "Max-Age=60; Expires=Sun, 06 Nov 1994 08:49:37 GMT; Secure; HttpOnly; SameSite=Strict");
        assertThat(NewCookie.valueOf(cookie.toString())).isEqualTo(cookie);
    }

    @Test
    void parsesSetCookie() {
        NewCookie cookie = NewCookie.valueOf("s=1; path=/; HTTPONLY; samesite=none; Version=2; Unknown=x");
        assertThat(cookie.getName()).isEqualTo("s");
        assertThat(cookie.getValue()).isEqualTo("1");
        assertThat(cookie.getPath()).isEqualTo("/");
        assertThat(cookie.isHttpOnly()).isTrue();
        assertThat(cookie.isSecure()).isFalse();
        assertThat(cookie.getSameSite()).isEqualTo(NewCookie.SameSite.NONE);
        assertThat(cookie.getVersion()).isEqualTo(2);
        assertThat(cookie.getMaxAge()).isEqualTo(NewCookie.DEFAULT_MAX_AGE);
        assertThat(cookie.toString()).isEqualTo("s=1; Version=2; Path=/; HttpOnly; SameSite=None");

        assertThat(NewCookie.valueOf("empty=").getValue()).isEmpty();
        assertThatThrownBy(() -> NewCookie.valueOf("novalue")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not name=value");
        assertThatThrownBy(() -> NewCookie.valueOf("a=1; Max-Age=x")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Max-Age");
        assertThatThrownBy(() -> NewCookie.valueOf("a=1; SameSite=Sometimes"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("SameSite");
    }

    // ---- EntityTag

    @Test
    void entityTags() {
        EntityTag weak = EntityTag.valueOf("W/\"abc\"");
        assertThat(weak.isWeak()).isTrue();
        assertThat(weak.getValue()).isEqualTo("abc");
        assertThat(weak.toString()).isEqualTo("W/\"abc\"");

        EntityTag strong = EntityTag.valueOf("\"x\\\"y\"");
        assertThat(strong.isWeak()).isFalse();
        assertThat(strong.getValue()).isEqualTo("x\"y");
        assertThat(strong.toString()).isEqualTo("\"x\\\"y\"");

        assertThat(EntityTag.valueOf("*").getValue()).isEqualTo("*");
        assertThatThrownBy(() -> EntityTag.valueOf("a b")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("invalid entity tag");
    }

    // ---- Date

    @Test
    void datesRoundTripInImfFixdate() {
        RuntimeDelegate.HeaderDelegate<Date> dates = RuntimeDelegate.getInstance().createHeaderDelegate(Date.class);
        assertThat(dates.toString(SAMPLE)).isEqualTo("Sun, 06 Nov 1994 08:49:37 GMT");
        assertThat(dates.fromString("Sun, 06 Nov 1994 08:49:37 GMT")).isEqualTo(SAMPLE);
        Date now = new Date(System.currentTimeMillis() / 1000 * 1000);
        assertThat(dates.fromString(dates.toString(now))).isEqualTo(now);
    }

    @Test
    void datesParseObsoleteFormats() {
        RuntimeDelegate.HeaderDelegate<Date> dates = RuntimeDelegate.getInstance().createHeaderDelegate(Date.class);
        assertThat(dates.fromString("Sunday, 06-Nov-94 08:49:37 GMT")).isEqualTo(SAMPLE);
        assertThat(dates.fromString("Sun Nov  6 08:49:37 1994")).isEqualTo(SAMPLE);
        assertThatThrownBy(() -> dates.fromString("yesterday")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("invalid HTTP date 'yesterday'");
    }

    // ---- Locale

    @Test
    void localesAsLanguageTags() {
        RuntimeDelegate.HeaderDelegate<Locale> locales =
                RuntimeDelegate.getInstance().createHeaderDelegate(Locale.class);
        assertThat(locales.fromString("en-US")).isEqualTo(Locale.US);
        assertThat(locales.fromString("fr_CA")).isEqualTo(Locale.CANADA_FRENCH);
        assertThat(locales.toString(Locale.US)).isEqualTo("en-US");
        assertThat(locales.toString(Locale.GERMAN)).isEqualTo("de");
        assertThatThrownBy(() -> locales.fromString(" ")).isInstanceOf(IllegalArgumentException.class);
    }
}
