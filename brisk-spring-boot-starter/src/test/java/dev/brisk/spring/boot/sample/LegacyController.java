package dev.brisk.spring.boot.sample;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ResponseBody;

/** An older-style controller: {@code @Controller} with {@code @ResponseBody} methods. */
@Controller
public class LegacyController {

    @GetMapping(value = "/legacy", produces = "text/plain")
    @ResponseBody
    public String legacy() {
        return "legacy";
    }

    @GetMapping("/fail")
    @ResponseBody
    public String fail() {
        throw new IllegalStateException("broken on purpose");
    }
}
