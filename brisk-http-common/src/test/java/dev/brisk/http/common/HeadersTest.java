package dev.brisk.http.common;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HeadersTest {

    @Test
    void namesCompareCaseInsensitivelyAndValuesKeepTheirOrder() {
        WritableHeaders headers = WritableHeaders.create().add("Accept", "text/plain").add("X-A", "1")
                .add("accept", "application/json");
        assertThat(headers.first("ACCEPT")).contains("text/plain");
        assertThat(headers.all("accept")).containsExactly("text/plain", "application/json");
        assertThat(headers.get("x-a", "none")).isEqualTo("1");
        assertThat(headers.get("x-b", "none")).isEqualTo("none");
        assertThat(headers.contains("X-a")).isTrue();
        assertThat(headers.size()).isEqualTo(3);
        List<String> seen = new ArrayList<>();
        for (Map.Entry<String, String> field : headers) {
            seen.add(field.getKey() + "=" + field.getValue());
        }
        assertThat(seen).containsExactly("Accept=text/plain", "X-A=1", "accept=application/json");
    }

    @Test
    void setReplacesEveryValueAndRemoveTakesThemAll() {
        WritableHeaders headers = WritableHeaders.create().add("a", "1").add("b", "2").add("A", "3");
        headers.set("a", "4");
        assertThat(headers.all("a")).containsExactly("4");
        assertThat(headers.remove("B")).isTrue();
        assertThat(headers.remove("b")).isFalse();
        assertThat(headers.size()).isEqualTo(1);
        headers.clear();
        assertThat(headers.isEmpty()).isTrue();
    }

    @Test
    void refusesFieldsThatWouldBreakTheMessage() {
        WritableHeaders headers = WritableHeaders.create();
        assertThatThrownBy(() -> headers.set("X-Bad", "a\r\nInjected: yes"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("X-Bad");
        assertThatThrownBy(() -> headers.add("Bad Name", "v")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Bad Name");
        assertThatThrownBy(() -> headers.add("", "v")).isInstanceOf(IllegalArgumentException.class);
        assertThat(headers.isEmpty()).isTrue();
    }

    @Test
    void copiesAreReadOnlyAndIndependent() {
        WritableHeaders original = WritableHeaders.create().add("a", "1");
        Headers copy = Headers.copyOf(original);
        original.add("a", "2");
        assertThat(copy.all("a")).containsExactly("1");
        if (copy instanceof WritableHeaders cast) {
            assertThatThrownBy(() -> cast.add("b", "2")).as("a copy is read-only even when cast")
                    .isInstanceOf(UnsupportedOperationException.class);
        }
        assertThat(Headers.empty().isEmpty()).isTrue();
        assertThat(WritableHeaders.create().addAll(original).all("A")).containsExactly("1", "2");
    }
}
