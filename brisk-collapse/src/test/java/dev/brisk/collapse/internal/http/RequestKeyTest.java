package dev.brisk.collapse.internal.http;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import java.util.Locale;
import static org.assertj.core.api.Assertions.assertThat;

class RequestKeyTest {

    private static final KeyHeaders KEY_HEADERS = KeyHeaders.of(List.of("authorization", "cookie"));

    /** Header fields from name, value pairs. */
    private static HeaderFields headers(String... namesAndValues) {
        List<Map.Entry<String, String>> fields = new ArrayList<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            fields.add(Map.entry(namesAndValues[i], namesAndValues[i + 1]));
        }
        return action -> fields.forEach(f -> action.accept(f.getKey(), f.getValue()));
    }

    private static RequestKey key(String scheme, String host, String path, String query, HeaderFields headers) {
        return RequestKey.of("GET", scheme, host, 8080, path, query, headers, KEY_HEADERS);
    }

    @Test
    void schemeAndHostCompareIgnoringCaseTheRestExactly() {
        RequestKey a = key("http", "Example.COM", "/a", "x=1", headers());
        RequestKey b = key("HTTP", "example.com", "/a", "x=1", headers());
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
        assertThat(a).isNotEqualTo(key("http", "example.com", "/A", "x=1", headers()));
        assertThat(a).isNotEqualTo(key("http", "example.com", "/a", "x=2", headers()));
        assertThat(a).isNotEqualTo(RequestKey.of("HEAD", "http", "example.com", 8080, "/a", "x=1", headers(),
                KEY_HEADERS));
        assertThat(a).isNotEqualTo(RequestKey.of("GET", "http", "example.com", 8081, "/a", "x=1", headers(),
                KEY_HEADERS));
    }

    @Test
    void hostsInAnyCaseOrScriptHashAsTheirLowerCase() {
        for (String host : new String[] {"example.com", "EXAMPLE.com", "bücher.example", "BÜCHER.Example", "10.0.0.1"}) {
            RequestKey lower = key("http", host.toLowerCase(Locale.ROOT), "/p", null, headers());
            assertThat(key("http", host, "/p", null, headers())).as(host)
                    .isEqualTo(lower).hasSameHashCodeAs(lower);
        }
        assertThat(key("http", "bücher.example", "/p", null, headers()))
                .isNotEqualTo(key("http", "bucher.example", "/p", null, headers()));
    }

    @Test
    void keyHeadersSeparateUsersAndOtherHeadersDoNot() {
        RequestKey alice = key("http", "h", "/me", null, headers("Authorization", "Bearer alice", "X-Trace", "1"));
        RequestKey aliceAgain = key("http", "h", "/me", null, headers("authorization", "Bearer alice",
                "X-Trace", "2"));
        RequestKey bob = key("http", "h", "/me", null, headers("Authorization", "Bearer bob"));
        assertThat(alice).isEqualTo(aliceAgain).hasSameHashCodeAs(aliceAgain);
        assertThat(alice).isNotEqualTo(bob);
    }

    @Test
    void aMissingHeaderDiffersFromAnEmptyOneAndRepeatedLinesCount() {
        RequestKey none = key("http", "h", "/", "", headers());
        RequestKey empty = key("http", "h", "/", "", headers("Cookie", ""));
        RequestKey one = key("http", "h", "/", "", headers("Cookie", "a=1"));
        RequestKey two = key("http", "h", "/", "", headers("Cookie", "a=1", "Cookie", "b=2"));
        assertThat(none).isNotEqualTo(empty);
        assertThat(one).isNotEqualTo(two);
        assertThat(none).isEqualTo(key("http", "h", "/", null, headers()));
    }

    @Test
    void keyHeadersOfAnyLengthAreFoundAndOthersOfTheSameLengthIgnored() {
        String longName = "x-" + "a".repeat(70);
        KeyHeaders names = KeyHeaders.of(List.of("cookie", longName, "x-" + "b".repeat(61))); // 6, 72, 63 chars
        RequestKey withLong = RequestKey.of("GET", "http", "h", 80, "/", "", headers(
                "Cookie", "c", "Accept", "json", "X-" + "A".repeat(70), "v1", "x-" + "b".repeat(61), "v2"), names);
        RequestKey otherLong = RequestKey.of("GET", "http", "h", 80, "/", "", headers(
                "Cookie", "c", "Accept", "xml", "X-" + "A".repeat(70), "v9", "x-" + "b".repeat(61), "v2"), names);
        RequestKey otherAt63 = RequestKey.of("GET", "http", "h", 80, "/", "", headers(
                "Cookie", "c", "X-" + "A".repeat(70), "v1", "x-" + "b".repeat(61), "v3"), names);
        RequestKey sameWithoutAccept = RequestKey.of("GET", "http", "h", 80, "/", "", headers(
                "cookie", "c", longName, "v1", "x-" + "b".repeat(61), "v2"), names);
        assertThat(withLong).isNotEqualTo(otherLong).isNotEqualTo(otherAt63);
        // "accept" has the length of "cookie" but is not a key header here
        assertThat(withLong).isEqualTo(sameWithoutAccept).hasSameHashCodeAs(sameWithoutAccept);
    }

    @Test
    void aClientsUriGivesTheSchemesPortWhenItHasNone() {
        assertThat(RequestKey.of("GET", URI.create("http://h/p?q=1"), headers(), KEY_HEADERS, null))
                .isEqualTo(RequestKey.of("GET", "http", "h", 80, "/p", "q=1", headers(), KEY_HEADERS));
        assertThat(RequestKey.of("GET", URI.create("https://H:443/p"), headers(), KEY_HEADERS, null))
                .isEqualTo(RequestKey.of("GET", URI.create("https://h/p"), headers(), KEY_HEADERS, null))
                .isNotEqualTo(RequestKey.of("GET", URI.create("http://h:443/p"), headers(), KEY_HEADERS, null));
        assertThat(RequestKey.of("GET", URI.create("http://h/p"), headers(), KEY_HEADERS, "a"))
                .isNotEqualTo(RequestKey.of("GET", URI.create("http://h/p"), headers(), KEY_HEADERS, "b"));
    }

    @Test
    void onlyGetAndHeadAreCollapsible() {
        assertThat(List.of("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "get"))
                .filteredOn(RequestKey::collapsibleMethod).containsExactly("GET", "HEAD");
    }
}
