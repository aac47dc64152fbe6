package dev.brisk.openapi;

import io.netty.handler.codec.http.HttpMethod;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Defaults and validation of {@link OpenApi} and {@link OperationInfo}. */
class OpenApiTest {

    @Test
    void defaults() {
        OpenApi openApi = OpenApi.builder().build();
        assertThat(openApi.title()).isEqualTo("API");
        assertThat(openApi.version()).isEqualTo("1.0");
        assertThat(openApi.description()).isEmpty();
        assertThat(openApi.jsonPath()).isEqualTo("/openapi.json");
        assertThat(openApi.yamlPath()).isEqualTo("/openapi.yaml");
        assertThat(openApi.operations()).isEmpty();
    }

    @Test
    void operationsAreKeyedByMethodAndTemplate() {
        OpenApi openApi = OpenApi.builder().operation(HttpMethod.GET, "/a/{id}", OperationInfo.EMPTY).build();
        assertThat(openApi.operations()).containsOnlyKeys("GET /a/{id}");
    }

    @Test
    void invalidPaths() {
        assertThatThrownBy(() -> OpenApi.builder().jsonPath("openapi.json").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("document paths must start with '/': openapi.json");
        assertThatThrownBy(() -> OpenApi.builder().jsonPath("/doc").yamlPath("/doc").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("jsonPath and yamlPath must differ: /doc");
    }

    @Test
    void operationInfoRoundTripAndValidation() {
        OperationInfo info = OperationInfo.builder().summary("s").description("d").operationId("id").tags("t")
                .requestBody(String.class).response(Integer.class).status(201).deprecated(true)
                .cookieParameter("c", String.class, false).build();
        assertThat(info.toBuilder().build()).isEqualTo(info);
        assertThat(info.summary()).isEqualTo(Optional.of("s"));
        assertThat(info.tags()).isEqualTo(List.of("t"));
        assertThat(OperationInfo.EMPTY.status()).isEqualTo(200);
        assertThatThrownBy(() -> OperationInfo.builder().status(99).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("status must be within [100, 599]: 99");
        assertThatThrownBy(() -> OperationInfo.builder().queryParameter("", String.class, true))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("name must not be empty");
    }
}
