package dev.brisk.openapi.internal;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** YAML written by {@link YamlWriter} reads back as the same tree, whatever the strings and keys hold. */
class YamlWriterTest {

    @Test
    void awkwardKeysAndValuesReadBackUnchanged() {
        Map<String, Object> tree = new LinkedHashMap<>();
        tree.put("plain", "text");
        tree.put("200", Map.of("description", "OK"));
        tree.put("true", "no");
        tree.put("/users/{id}", List.of(Map.of("name", "id", "in", "path"), "- dash", List.of(), Map.of()));
        tree.put("$ref", "#/components/schemas/Pet");
        tree.put("quotes", "say \"hi\"\\ back\nnew line\ttab \u0001 \u2028 : # [ ] { } & * ! | > ' % @ `");
        tree.put("numbers", List.of(1, -2L, 3.5, true, false));
        tree.put("null", null);
        tree.put("empty", "");
        tree.put("nested", Map.of("deeper", Map.of("deepest", List.of(List.of("a", "b"), Map.of("k", "v")))));
        String yaml = YamlWriter.write(tree);
        JsonMapper json = JsonMapper.builder().build();
        assertThat(YAMLMapper.builder().build().readTree(yaml)).isEqualTo(json.readTree(json.writeValueAsString(tree)));
    }
}
