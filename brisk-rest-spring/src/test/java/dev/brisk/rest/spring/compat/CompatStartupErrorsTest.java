package dev.brisk.rest.spring.compat;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import org.junit.jupiter.api.Test;
import org.springframework.web.bind.annotation.CrossOrigin;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.SessionAttribute;
import org.springframework.web.bind.annotation.SessionAttributes;
import org.springframework.web.multipart.MultipartRequest;
import org.springframework.web.servlet.config.annotation.CorsRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

import jakarta.servlet.http.Part;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Servlet, session and servlet multipart parameters, and CORS settings Brisk cannot honour, are refused when the server
 * starts, saying what to use instead.
 */
class CompatStartupErrorsTest {

    @RestController
    public static class ServletRequestController {
        @GetMapping("/a")
        public String get(HttpServletRequest request) {
            return "never";
        }
    }

    @RestController
    public static class ServletResponseController {
        @GetMapping("/a")
        public void get(HttpServletResponse response) {
        }
    }

    @RestController
    public static class SessionController {
        @GetMapping("/a")
        public String get(HttpSession session) {
            return "never";
        }
    }

    @RestController
    public static class SessionAttributeController {
        @GetMapping("/a")
        public String get(@SessionAttribute("cart") String cart) {
            return cart;
        }
    }

    @RestController
    @SessionAttributes("cart")
    public static class SessionAttributesController {
        @GetMapping("/a")
        public String get() {
            return "never";
        }
    }

    @RestController
    public static class ServletPartController {
        @PostMapping("/a")
        public String upload(Part file) {
            return file.getName();
        }
    }

    @RestController
    public static class MultipartRequestController {
        @PostMapping("/a")
        public String upload(MultipartRequest request) {
            return "never";
        }
    }

    @RestController
    @CrossOrigin(origins = "${shop.origin}")
    public static class PlaceholderOriginController {
        @GetMapping("/a")
        public String get() {
            return "never";
        }
    }

    @RestController
    public static class InvalidCredentialsController {
        @GetMapping("/a")
        @CrossOrigin(origins = "https://shop.example", allowCredentials = "yes")
        public String get() {
            return "never";
        }
    }

    @RestController
    public static class CredentialsForAnyOriginController {
        @GetMapping("/a")
        @CrossOrigin(allowCredentials = "true")
        public String get() {
            return "never";
        }
    }

    @RestController
    public static class PrivateNetworkController {
        @GetMapping("/a")
        @CrossOrigin(allowPrivateNetwork = "true")
        public String get() {
            return "never";
        }
    }

    /** A global mapping with a wildcard inside a segment, which Brisk's patterns do not have. */
    public static class InSegmentWildcardConfig implements WebMvcConfigurer {
        @Override
        public void addCorsMappings(CorsRegistry registry) {
            registry.addMapping("/files/*.png");
        }
    }

    private static void refused(Object controller, String... phrases) {
        var thrown = assertThatThrownBy(() -> Brisk.server().port(0).controllers(controller).start())
                .isInstanceOf(IllegalArgumentException.class);
        for (String phrase : phrases) {
            thrown.hasMessageContaining(phrase);
        }
        thrown.hasMessageNotContaining("valueOf").hasMessageNotContaining("no annotation says where it comes from");
    }

    @Test
    void servletParametersNeedTheServletFacadeOnTheServer() throws Exception {
        // brisk-rest-servlet is on this module's class path, so they are accepted; without ServletSupport installed
        // on the server, a request that needs one fails (500), its log naming what to install
        for (Object controller : List.of(new ServletRequestController(), new ServletResponseController(),
                new SessionController())) {
            BriskServer server = Brisk.server().port(0).host("127.0.0.1").controllers(controller).start();
            try {
                HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.port() + "/a")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(response.statusCode()).isEqualTo(500);
            } finally {
                server.close();
            }
        }
    }

    @Test
    void sessionAttributes() {
        refused(new SessionAttributeController(), "@SessionAttribute", "take an HttpSession");
        refused(new SessionAttributesController(), "@SessionAttributes", "take an HttpSession");
    }

    @Test
    void servletPartsAndMultipartRequests() {
        refused(new ServletPartController(), "Part", "MultipartFile", "@RequestPart");
        refused(new MultipartRequestController(), "MultipartRequest", "MultipartFile");
    }

    @Test
    void crossOriginValuesBriskCannotHonour() {
        refused(new PlaceholderOriginController(), "@CrossOrigin of", "origins \"${shop.origin}\"",
                "placeholder");
        refused(new InvalidCredentialsController(), "allowCredentials must be \"true\", \"false\" or \"\", "
                + "not \"yes\"");
        refused(new CredentialsForAnyOriginController(), "@CrossOrigin of", "cannot go with allowCredentials(true)");
        refused(new PrivateNetworkController(), "allowPrivateNetwork", "not supported");
        var thrown = assertThatThrownBy(() -> Brisk.server().port(0).controllers(new InSegmentWildcardConfig(),
                new OrderController()).start()).isInstanceOf(IllegalArgumentException.class);
        thrown.hasMessageContaining("CORS mapping \"/files/*.png\"").hasMessageContaining("'*.png'");
    }
}
