package dev.brisk.rest.spring.compat;

import dev.brisk.rest.Brisk;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import org.junit.jupiter.api.Test;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.SessionAttribute;
import org.springframework.web.bind.annotation.SessionAttributes;
import org.springframework.web.multipart.MultipartFile;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Servlet, session and multipart parameters are refused when the server starts, saying what to use instead. */
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
    public static class UploadController {
        @PostMapping("/a")
        public String upload(MultipartFile file) {
            return file.getName();
        }
    }

    @RestController
    public static class PartController {
        @PostMapping("/a")
        public String upload(@RequestPart("meta") String meta) {
            return meta;
        }
    }

    @RestController
    public static class FilesController {
        @PostMapping("/a")
        public int upload(@RequestPart List<MultipartFile> files) {
            return files.size();
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
    void servletRequestAndResponse() {
        refused(new ServletRequestController(), "HttpServletRequest", "does not run on the servlet API",
                "@RequestHeader", "WebRequest", "RequestContext");
        refused(new ServletResponseController(), "HttpServletResponse", "ResponseEntity");
    }

    @Test
    void sessions() {
        refused(new SessionController(), "HttpSession", "no HTTP session");
        refused(new SessionAttributeController(), "@SessionAttribute", "no HTTP session");
        refused(new SessionAttributesController(), "@SessionAttributes", "no HTTP session");
    }

    @Test
    void multipartIsNotSupportedYet() {
        refused(new UploadController(), "multipart parameters", "not supported yet");
        refused(new PartController(), "@RequestPart", "not supported yet");
        refused(new FilesController(), "not supported yet");
    }
}
