package dev.brisk.rest.internal;

import dev.brisk.rest.internal.router.PathPattern;
import org.junit.jupiter.api.Test;

import static dev.brisk.rest.internal.PatternOverlap.Relation.ALWAYS;
import static dev.brisk.rest.internal.PatternOverlap.Relation.NEVER;
import static dev.brisk.rest.internal.PatternOverlap.Relation.SOMETIMES;
import static org.assertj.core.api.Assertions.assertThat;

class PatternOverlapTest {

    private static PatternOverlap.Relation relation(String route, String pattern) {
        return PatternOverlap.relation(PathPattern.parse(route), PathPattern.parse(pattern));
    }

    @Test
    void decidesFromTemplates() {
        assertThat(relation("/api/users/{id}", "/api/**")).isEqualTo(ALWAYS);
        assertThat(relation("/api/users/{id}", "/api/users/{x}")).isEqualTo(ALWAYS);
        assertThat(relation("/api/users/{id}", "/api/users/7")).isEqualTo(SOMETIMES);
        assertThat(relation("/api/users/{id:\\d+}", "/api/users/me")).isEqualTo(NEVER);
        assertThat(relation("/api/users/me", "/api/users/{id:\\d+}")).isEqualTo(NEVER);
        assertThat(relation("/web/index", "/api/**")).isEqualTo(NEVER);
        assertThat(relation("/files/{*rest}", "/files/{name}")).isEqualTo(SOMETIMES);
        assertThat(relation("/a/b", "/a/b/c")).isEqualTo(NEVER);
        assertThat(relation("/a/b/c", "/a/*/c")).isEqualTo(ALWAYS);
        assertThat(relation("/a", "/a/**")).isEqualTo(ALWAYS);
    }
}
