package dev.brisk.benchmarks.startup;

import dev.brisk.benchmarks.serve.springboot.SpringBootBriskApplication;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The Spring Boot application of {@code serve spring-boot-brisk} started as its users start it, from
 * {@code brisk-startup-boot-brisk.jar}, which holds brisk-spring-boot-starter and what it brings, and no Tomcat.
 */
public final class BootBrisk {

    private BootBrisk() {
    }

    public static void main(String[] args) {
        ConfigurableApplicationContext context = SpringApplication.run(SpringBootBriskApplication.class,
                "--server.port=" + args[0], "--spring.main.banner-mode=off", "--logging.level.root=warn");
        System.out.println("listening on " + ((WebServerApplicationContext) context).getWebServer().getPort());
    }
}
