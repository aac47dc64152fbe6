package dev.brisk.rest.spring.compat;

import org.springframework.web.servlet.config.annotation.CorsRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** The shop's global CORS rules: its back office calls the customer and product APIs from its own origin. */
public class WebConfig implements WebMvcConfigurer {

    @Override
    public void addCorsMappings(CorsRegistry registry) {
        registry.addMapping("/customers/**")
                .allowedOrigins("https://admin.example")
                .allowedMethods("GET", "POST", "PUT")
                .allowedHeaders("Content-Type", "X-Tenant")
                .exposedHeaders("Location")
                .maxAge(3600);
        registry.addMapping("/products/**")
                .allowedOrigins("https://admin.example");
    }
}
