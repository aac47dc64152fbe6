package dev.brisk.benchmarks.startup;

import dev.brisk.benchmarks.serve.springmvc.SpringMvcApplication;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The Spring Boot application of {@code serve spring-mvc} started as its users start it, from
 * {@code brisk-startup-boot-mvc.jar}, which holds spring-boot-starter-web (Tomcat, Spring MVC) and no Brisk.
 */
public final class BootMvc {

    private BootMvc() {
    }

    public static void main(String[] args) {
        ConfigurableApplicationContext context = SpringApplication.run(SpringMvcApplication.class,
                "--server.port=" + args[0], "--server.tomcat.threads.max=32", "--spring.main.banner-mode=off",
                "--logging.level.root=warn");
        System.out.println("listening on " + ((WebServerApplicationContext) context).getWebServer().getPort());
    }
}
