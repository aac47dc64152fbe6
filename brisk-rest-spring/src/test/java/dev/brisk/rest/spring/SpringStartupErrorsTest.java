package dev.brisk.rest.spring;

import dev.brisk.rest.Brisk;
import org.junit.jupiter.api.Test;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Controllers that cannot work are refused when the server starts, with a message that names the problem. */
class SpringStartupErrorsTest {

    /** Neither a simple value nor bindable: no no-argument constructor. */
    public static final class Widget {
        public Widget(int size) {
        }
    }

    @RestController
    public static class Unresolvable {
        @GetMapping("/w")
        public String get(Widget widget) {
            return "never";
        }
    }

    @RestController
    public static class MissingVariable {
        @GetMapping("/items")
        public String get(@PathVariable String id) {
            return id;
        }
    }

    @Test
    void parameterNothingCanResolve() {
        assertThatThrownBy(() -> Brisk.server().port(0).controllers(new Unresolvable()).start())
                .hasMessageContaining("cannot resolve parameter #0 (Widget)")
                .hasMessageContaining("no annotation says where it comes from");
    }

    @Test
    void pathVariableMissingFromTheRoute() {
        assertThatThrownBy(() -> Brisk.server().port(0).controllers(new MissingVariable()).start())
                .hasMessageContaining("path variable 'id' is not in the route /items");
    }
}
