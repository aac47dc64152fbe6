package dev.brisk.rest.internal.staticfiles;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RequestPathTest {

    @Test
    void decodesEachSegmentOnItsOwn() {
        assertThat(RequestPath.segments("/css/site%20main.css")).containsExactly("css", "site main.css");
        assertThat(RequestPath.segments("//a///b/")).containsExactly("a", "b");
        assertThat(RequestPath.segments("/%C3%A9t%C3%A9.txt")).containsExactly("été.txt");
        assertThat(RequestPath.segments("")).isEmpty();
    }

    @Test
    void refusesWhatCouldLeaveTheMountOrReachHiddenFiles() {
        for (String raw : new String[] {"/..", "/a/../b", "/%2e%2e/x", "/%2E%2e", "/.", "/..%2fx", "/a%2fb",
            "/..%5cx", "/a\\b", "/.git/config", "/%2eenv", "/a%00b", "/C:%5cx", "/a:b", "/%zz", "/%2", "/%c0%ae%c0%ae",
            "/%ff"}) {
            assertThat(RequestPath.segments(raw)).as(raw).isNull();
        }
    }
}
