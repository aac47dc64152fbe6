package dev.brisk.rest.support;

import dev.brisk.rest.ResponseEntity;
import dev.brisk.rest.RouteResponse;
import dev.brisk.rest.StreamingBody;
import org.junit.jupiter.api.Test;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import static org.assertj.core.api.Assertions.assertThat;

/** How declared result types become the responses routes publish. */
class ResultTypesTest {

    /** A style's own wrapper and body-less type. */
    interface Deferred<T> {
    }

    interface Emitter {
    }

    private static final ResultTypes RESULTS = ResultTypes.of(List.of(Deferred.class), List.of(Emitter.class));

    @SuppressWarnings("unused")
    private static final class Signatures {
        String text() { return null; }
        void nothing() { }
        CompletionStage<Void> later() { return null; }
        CompletableFuture<Optional<ResponseEntity<List<String>>>> nested() { return null; }
        Deferred<Integer> deferred() { return null; }
        Emitter emitter() { return null; }
        StreamingBody stream() { return null; }
        Object anything() { return null; }
        @SuppressWarnings("rawtypes")
        Optional raw() { return null; }
    }

    private static Type returnType(String name) throws NoSuchMethodException {
        return Signatures.class.getDeclaredMethod(name).getGenericReturnType();
    }

    @Test
    void plainAndVoidResults() throws Exception {
        assertThat(RESULTS.response(returnType("text"), 200, 204)).isEqualTo(RouteResponse.of(200, String.class));
        assertThat(RESULTS.response(returnType("nothing"), 200, 204)).isEqualTo(RouteResponse.empty(204));
        assertThat(RESULTS.response(returnType("later"), 201, 201)).isEqualTo(RouteResponse.empty(201));
    }

    @Test
    void wrappersAreUnwrappedNestedOrNot() throws Exception {
        Type body = RESULTS.response(returnType("nested"), 200, 204).bodyType().orElseThrow();
        assertThat(body).isInstanceOfSatisfying(ParameterizedType.class, p -> {
            assertThat(p.getRawType()).isEqualTo(List.class);
            assertThat(p.getActualTypeArguments()).containsExactly(String.class);
        });
        assertThat(RESULTS.response(returnType("deferred"), 200, 204)).isEqualTo(RouteResponse.of(200,
                Integer.class));
    }

    @Test
    void typesThatSayNothingOfTheirBody() throws Exception {
        for (String name : List.of("emitter", "stream", "anything", "raw")) {
            assertThat(RESULTS.response(returnType(name), 200, 204)).as(name)
                    .isEqualTo(RouteResponse.undescribed(200));
        }
    }
}
