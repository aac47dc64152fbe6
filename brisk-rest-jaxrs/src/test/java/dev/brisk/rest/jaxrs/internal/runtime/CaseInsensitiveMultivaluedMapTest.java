package dev.brisk.rest.jaxrs.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CaseInsensitiveMultivaluedMapTest {

    @Test
    void keysCompareIgnoringCaseAndKeepFirstSpelling() {
        CaseInsensitiveMultivaluedMap<String> map = new CaseInsensitiveMultivaluedMap<>();
        map.add("Content-Type", "a");
        map.add("content-type", "b");
        map.add("Accept", "c");
        assertThat(map.get("CONTENT-TYPE")).containsExactly("a", "b");
        assertThat(map.containsKey("accept")).isTrue();
        assertThat(map.keySet()).containsExactly("Content-Type", "Accept");
        map.putSingle("CONTENT-type", "z");
        assertThat(map.get("Content-Type")).containsExactly("z");
        assertThat(map.remove("ACCEPT")).containsExactly("c");
        assertThat(map).hasSize(1);
    }

    @Test
    void ignoresNullValuesAndSupportsIteratorRemoval() {
        CaseInsensitiveMultivaluedMap<Object> map = new CaseInsensitiveMultivaluedMap<>(Map.of("A", List.of(1)));
        map.add("b", null);
        assertThat(map.get("B")).isEmpty();
        Iterator<Map.Entry<String, List<Object>>> it = map.entrySet().iterator();
        it.next();
        it.remove();
        assertThat(map.containsKey("a")).isFalse();
        assertThat(map.getFirst("x")).isNull();
    }
}
