// dependency: org.springframework:spring-webmvc:7.0.10
import org.springframework.web.servlet.config.annotation.CorsRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

// What the blocks of docs/spring.md assume: the application's controllers.
abstract class DocContext {
    static class CustomerController {}

    static class OrderController {}

    static class ApiErrorHandler {}

    static class ProductController {}

    static class ApiController {}
}
