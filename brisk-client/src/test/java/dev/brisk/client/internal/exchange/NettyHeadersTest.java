package dev.brisk.client.internal.exchange;

import dev.brisk.client.HttpRequest;
import dev.brisk.client.RetryPolicy;
import dev.brisk.http.common.Headers;
import dev.brisk.http.common.WritableHeaders;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The client's {@link Headers} over Netty's header map: a view, validated, read-only where the API says so. */
class NettyHeadersTest {

    private static final HttpRequest.Settings SETTINGS = new HttpRequest.Settings(Duration.ofSeconds(1),
            Duration.ofSeconds(1), Duration.ZERO, true, 5, RetryPolicy.DEFAULT);

    @Test
    void viewsNettysFieldsWithoutCopying() {
        HttpHeaders netty = new DefaultHttpHeaders().add("Accept", "a").add("accept", "b").add("X-One", "1");
        Headers view = NettyHeaders.readOnly(netty);
        assertThat(view.all("ACCEPT")).containsExactly("a", "b");
        assertThat(view.first("x-one")).contains("1");
        assertThat(view.get("missing", "default")).isEqualTo("default");
        netty.add("Late", "yes");
        assertThat(view.contains("late")).as("a view sees later fields").isTrue();
        StringBuilder order = new StringBuilder();
        view.forEach((name, value) -> order.append(name).append('=').append(value).append(';'));
        assertThat(order).hasToString("Accept=a;accept=b;X-One=1;Late=yes;");
    }

    @Test
    void readOnlyViewsRefuseChangesAndWritableOnesValidate() {
        NettyHeaders readOnly = NettyHeaders.readOnly(new DefaultHttpHeaders().add("a", "1"));
        assertThatThrownBy(() -> readOnly.set("a", "2")).isInstanceOf(UnsupportedOperationException.class);
        WritableHeaders writable = NettyHeaders.create();
        assertThatThrownBy(() -> writable.add("X-Bad", "a\r\nInjected: 1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("X-Bad");
        assertThat(writable.add("X-Good", "1").remove("x-good")).isTrue();
        assertThat(writable.isEmpty()).isTrue();
    }

    @Test
    void aRequestsHeadersAreReadOnlyAndItsCopiesIndependent() {
        HttpRequest request = new HttpRequest(HttpMethod.GET, URI.create("http://localhost/"),
                WritableHeaders.create().add("X-A", "1"), null, SETTINGS);
        Headers headers = request.headers();
        assertThat(headers.first("x-a")).contains("1");
        assertThatThrownBy(() -> ((WritableHeaders) headers).set("X-A", "2"))
                .isInstanceOf(UnsupportedOperationException.class);
        HttpRequest changed = request.withHeader("X-A", "2").withHeader("X-B", 3);
        assertThat(changed.headers().all("X-A")).containsExactly("2");
        assertThat(changed.headers().first("X-B")).contains("3");
        assertThat(request.headers().all("X-A")).as("the original is unchanged").containsExactly("1");
        assertThat(request.withoutHeader("x-a").headers().contains("X-A")).isFalse();
    }
}
