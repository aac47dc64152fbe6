package dev.brisk.spring.boot.web;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** An application with a text controller, for compression and static resources. */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(WebApplication.Texts.class)
class WebApplication {

    static final String TEXT = "Brisk serves Spring controllers. ".repeat(100);

    @RestController
    static class Texts {

        @GetMapping(value = "/text", produces = "text/plain")
        public String text() {
            return TEXT;
        }

        @PostMapping(value = "/length", produces = "text/plain")
        public String length(@RequestBody String body) {
            return String.valueOf(body.length());
        }
    }
}
