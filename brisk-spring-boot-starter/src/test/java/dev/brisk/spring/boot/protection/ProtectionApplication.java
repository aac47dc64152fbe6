package dev.brisk.spring.boot.protection;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** An application with a handler held until the test lets it go, one that never ends, and a quick one. */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(ProtectionApplication.Work.class)
class ProtectionApplication {

    static final CountDownLatch ENTERED = new CountDownLatch(1);
    static final CountDownLatch RELEASE = new CountDownLatch(1);

    @RestController
    static class Work {

        @GetMapping("/held")
        String held() throws InterruptedException {
            ENTERED.countDown();
            return RELEASE.await(10, TimeUnit.SECONDS) ? "released" : "never released";
        }

        @GetMapping("/endless")
        String endless() throws InterruptedException {
            Thread.sleep(20_000);
            return "too late";
        }

        @GetMapping("/quick")
        String quick() {
            return "quick";
        }
    }
}
