package dev.brisk.spring.boot.failures;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** Applications that must not start, each for one reason. */
final class FailingApplications {

    private FailingApplications() {
    }

    /** A plain application with one controller (to start on a port already taken). */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(Hello.class)
    static class Plain {
    }

    @RestController
    static class Hello {
        @GetMapping("/same")
        public String same() {
            return "one";
        }
    }

    @RestController
    static class AlsoSame {
        @GetMapping("/same")
        public String same() {
            return "two";
        }
    }

    /** Two controllers map GET /same. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import({Hello.class, AlsoSame.class})
    static class Ambiguous {
    }

    /** A payload no codec writes as XML. */
    public record Payload(String value) {
    }

    @RestController
    static class Xml {
        @GetMapping(value = "/xml", produces = "application/xml")
        public Payload xml() {
            return new Payload("x");
        }
    }

    /** Produces XML without an XML codec. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(Xml.class)
    static class MissingCodec {
    }

    @RestController
    static class YamlBody {
        @PostMapping(value = "/yaml", consumes = "application/yaml")
        public String yaml(@RequestBody Payload payload) {
            return payload.value();
        }
    }

    /** Consumes YAML without a YAML codec. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(YamlBody.class)
    static class MissingBodyCodec {
    }

    @Controller
    static class Page {
        @GetMapping("/page")
        public String page() {
            return "index";
        }
    }

    /** A view-returning controller. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(Page.class)
    static class View {
    }
}
