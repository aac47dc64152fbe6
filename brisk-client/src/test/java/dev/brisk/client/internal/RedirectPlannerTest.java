package dev.brisk.client.internal;

import dev.brisk.client.HttpRequest;
import dev.brisk.client.RetryPolicy;
import dev.brisk.http.common.WritableHeaders;
import io.netty.handler.codec.http.HttpMethod;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** The redirect rules without a network. */
class RedirectPlannerTest {

    private static final HttpRequest.Settings SETTINGS = new HttpRequest.Settings(Duration.ZERO, Duration.ZERO,
            Duration.ZERO, true, 5, RetryPolicy.DEFAULT);

    private static HttpRequest post(String uri) {
        WritableHeaders headers = WritableHeaders.create().set("Authorization", "secret").set("Cookie", "a=b")
                .set("Content-Type", "application/json").set("Host", "a.example").set("X-Other", "kept");
        return new HttpRequest(HttpMethod.POST, URI.create(uri), headers, "{}", SETTINGS);
    }

    @Test
    void seeOtherBecomesABodylessGet() {
        HttpRequest next = RedirectPlanner.next(post("http://a.example/x"), 303, "/y");
        assertThat(next.method()).isEqualTo(HttpMethod.GET);
        assertThat(next.body()).isEmpty();
        assertThat(next.headers().contains("Content-Type")).isFalse();
        assertThat(next.uri()).isEqualTo(URI.create("http://a.example/y"));
        assertThat(next.headers().first("Authorization").orElse(null)).isEqualTo("secret");
    }

    @Test
    void headStaysHeadOnSeeOther() {
        HttpRequest head = post("http://a.example/x").withMethod(HttpMethod.HEAD);
        assertThat(RedirectPlanner.next(head, 303, "/y").method()).isEqualTo(HttpMethod.HEAD);
    }

    @Test
    void temporaryAndPermanentRedirectsKeepMethodAndBody() {
        for (int status : new int[]{307, 308}) {
            HttpRequest next = RedirectPlanner.next(post("http://a.example/x"), status, "http://a.example:80/z");
            assertThat(next.method()).isEqualTo(HttpMethod.POST);
            assertThat(next.body()).contains("{}");
            assertThat(next.headers().first("Cookie").orElse(null)).isEqualTo("a=b"); // same origin: port 80 is the default
        }
    }

    @Test
    void crossOriginDropsCredentialsAndHost() {
        HttpRequest next = RedirectPlanner.next(post("http://a.example/x"), 307, "http://b.example/z");
        assertThat(next.headers().contains("Authorization")).isFalse();
        assertThat(next.headers().contains("Cookie")).isFalse();
        assertThat(next.headers().contains("Host")).isFalse();
        assertThat(next.headers().first("X-Other").orElse(null)).isEqualTo("kept");
        assertThat(RedirectPlanner.next(post("http://a.example/x"), 307, "http://a.example:8080/z")
                .headers().contains("Authorization")).isFalse();
    }

    @Test
    void userInfoInALocationIsDropped() {
        HttpRequest next = RedirectPlanner.next(post("http://a.example/x"), 307, "http://eve:pw@b.example/z?q=1");
        assertThat(next.uri()).isEqualTo(URI.create("http://b.example/z?q=1"));
        assertThat(next.headers().contains("Authorization")).isFalse();
    }

    @Test
    void relativeAndBrokenLocations() {
        assertThat(RedirectPlanner.next(post("http://a.example/p/q/r"), 302, "../s?t=1").uri())
                .isEqualTo(URI.create("http://a.example/p/s?t=1"));
        assertThat(RedirectPlanner.next(post("http://a.example/p"), 302, "//c.example/d").uri())
                .isEqualTo(URI.create("http://c.example/d"));
        assertThat(RedirectPlanner.next(post("http://a.example/p"), 302, null)).isNull();
        assertThat(RedirectPlanner.next(post("http://a.example/p"), 302, "http://bad host/")).isNull();
    }
}
