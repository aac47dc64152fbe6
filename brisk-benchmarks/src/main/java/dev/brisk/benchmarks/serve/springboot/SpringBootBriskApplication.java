package dev.brisk.benchmarks.serve.springboot;

import dev.brisk.benchmarks.serve.BenchmarkSpringController;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/**
 * The Spring Boot application of {@code serve spring-boot-brisk}: the same controller class as {@code spring-mvc}'s,
 * on brisk-spring-boot-starter instead of spring-boot-starter-web.
 */
@SpringBootApplication
@Import(BenchmarkSpringController.class)
public class SpringBootBriskApplication {
}
