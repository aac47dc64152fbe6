package dev.brisk.benchmarks.serve.springmvc;

import dev.brisk.benchmarks.serve.BenchmarkSpringController;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/** The Spring Boot application of {@code serve spring-mvc}: the same controller, on Spring MVC and Tomcat. */
@SpringBootApplication
@Import(BenchmarkSpringController.class)
public class SpringMvcApplication {
}
