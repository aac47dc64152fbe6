package dev.brisk.rest.spring;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.servlet.ServletSupport;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.Resource;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.resource.NoResourceFoundException;
import org.springframework.web.servlet.resource.ResourceTransformer;
import org.springframework.web.servlet.resource.ResourceTransformerChain;
import org.springframework.web.servlet.resource.TransformedResource;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@code WebMvcConfigurer}'s resource handlers ({@code addResourceHandlers}) served by Spring MVC's own
 * {@code ResourceHttpRequestHandler}s through the servlet facade: locations, cache control, {@code Last-Modified} and
 * ETag conditional GETs, HEAD, ranges, a resource chain's transformer, patterns with wildcards within a segment,
 * failures for the global advice, and precedence of the controllers. Through real sockets.
 */
class MvcResourceHandlersTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static BriskServer server;

    public static class Resources implements WebMvcConfigurer {
        @Override
        public void addResourceHandlers(ResourceHandlerRegistry registry) {
            registry.addResourceHandler("/assets/**").addResourceLocations("classpath:/mvc-assets/")
                    .setCacheControl(CacheControl.maxAge(Duration.ofHours(1)).cachePublic())
                    .resourceChain(true).addTransformer(new Stamp());
            registry.addResourceHandler("/docs/*.html").addResourceLocations("classpath:/mvc-assets/docs/")
                    .setEtagGenerator(resource -> "\"" + resource.getFilename() + "-1\"");
            registry.addResourceHandler("/status").addResourceLocations("classpath:/mvc-assets/");
            registry.addResourceHandler("/files/**").addResourceLocations("classpath:/mvc-assets/");
            registry.addResourceHandler("/files/docs/*.html").addResourceLocations("classpath:/mvc-assets/docs/")
                    .setCacheControl(CacheControl.noCache());
        }

        @Override
        public void addInterceptors(InterceptorRegistry registry) {
            registry.addInterceptor(new HandlerInterceptor() {
                @Override
                public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
                    response.setHeader("x-handler", handler.getClass().getSimpleName());
                    return true;
                }
            }).addPathPatterns("/assets/**", "/status");
        }
    }

    /** Adds a line naming the request to text files, as a resource chain's transformers rewrite what they serve. */
    static class Stamp implements ResourceTransformer {
        @Override
        public Resource transform(HttpServletRequest request, Resource resource, ResourceTransformerChain chain)
                throws IOException {
            Resource transformed = chain.transform(request, resource);
            if (transformed.getFilename() == null || !transformed.getFilename().endsWith(".txt")) {
                return transformed;
            }
            String text = transformed.getContentAsString(StandardCharsets.UTF_8) + "stamped for "
                    + request.getRequestURI();
            return new TransformedResource(transformed, text.getBytes(StandardCharsets.UTF_8));
        }
    }

    @RestController
    public static class Status {
        @GetMapping("/status")
        public String status() {
            return "from the controller";
        }

        @GetMapping("/assets/live")
        public String live() {
            return "live";
        }
    }

    @RestControllerAdvice
    public static class Advice {
        @ExceptionHandler(NoResourceFoundException.class)
        public ProblemDetail missing(NoResourceFoundException e, HttpServletRequest request) {
            ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, "nothing here");
            problem.setProperty("uri", request.getRequestURI());
            return problem;
        }
    }

    @BeforeAll
    static void start() {
        // the configurer first: its resource routes still come after the controllers'
        server = Brisk.server().port(0).host("127.0.0.1").feature(ServletSupport.builder().build())
                .controllers(new Resources(), new Status(), new Advice()).start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static HttpResponse<String> send(String method, String path, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .method(method, HttpRequest.BodyPublishers.noBody());
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aResourceIsServedWithItsTypeCacheControlAndLastModified() throws Exception {
        HttpResponse<String> css = send("GET", "/assets/site.css");
        assertThat(css.statusCode()).isEqualTo(200);
        assertThat(css.body()).isEqualTo("body { color: #333; }\n");
        assertThat(css.headers().firstValue("content-type")).get().asString().startsWith("text/css");
        assertThat(css.headers().firstValue("content-length")).hasValue(String.valueOf(css.body().length()));
        assertThat(css.headers().firstValue("cache-control")).hasValue("max-age=3600, public");
        assertThat(css.headers().firstValue("last-modified")).isPresent();
        assertThat(css.headers().firstValue("accept-ranges")).hasValue("bytes");
        assertThat(css.headers().allValues("content-length")).hasSize(1);
        // interceptors get Spring MVC's handler of the resource
        assertThat(css.headers().firstValue("x-handler")).hasValue("ResourceHttpRequestHandler");
    }

    @Test
    void conditionalGetsAnswerNotModified() throws Exception {
        String lastModified = send("GET", "/assets/site.css").headers().firstValue("last-modified").orElseThrow();
        HttpResponse<String> unchanged = send("GET", "/assets/site.css", "if-modified-since", lastModified);
        assertThat(unchanged.statusCode()).isEqualTo(304);
        assertThat(unchanged.body()).isEmpty();

        HttpResponse<String> page = send("GET", "/docs/guide.html");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("content-type")).get().asString().startsWith("text/html");
        assertThat(page.headers().firstValue("etag")).hasValue("\"guide.html-1\"");
        HttpResponse<String> same = send("GET", "/docs/guide.html", "if-none-match", "\"guide.html-1\"");
        assertThat(same.statusCode()).isEqualTo(304);
        assertThat(same.headers().firstValue("etag")).hasValue("\"guide.html-1\"");
    }

    @Test
    void headAnswersTheHeadersAndRangesPartOfTheBody() throws Exception {
        HttpResponse<String> head = send("HEAD", "/assets/site.css");
        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(head.headers().firstValue("content-length")).hasValue("22");
        assertThat(head.headers().firstValue("content-type")).get().asString().startsWith("text/css");
        assertThat(head.body()).isEmpty();

        HttpResponse<String> range = send("GET", "/assets/site.css", "range", "bytes=0-3");
        assertThat(range.statusCode()).isEqualTo(206);
        assertThat(range.body()).isEqualTo("body");
        assertThat(range.headers().firstValue("content-range")).hasValue("bytes 0-3/22");
    }

    @Test
    void theResourceChainTransformsWhatItServes() throws Exception {
        HttpResponse<String> text = send("GET", "/assets/hello.txt");
        assertThat(text.statusCode()).isEqualTo(200);
        assertThat(text.body()).isEqualTo("hello from the class path\nstamped for /assets/hello.txt");
        assertThat(text.headers().firstValue("content-length")).hasValue(String.valueOf(text.body().length()));
    }

    @Test
    void whatNoPatternOrLocationHasGoesToTheGlobalAdvice() throws Exception {
        HttpResponse<String> missing = send("GET", "/assets/missing.css");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.body()).contains("nothing here", "\"uri\":\"/assets/missing.css\"");
        // the route takes /docs/*, the pattern only *.html
        HttpResponse<String> other = send("GET", "/docs/guide.txt");
        assertThat(other.statusCode()).isEqualTo(404);
        assertThat(other.body()).contains("nothing here");
        HttpResponse<String> outside = send("GET", "/assets/%2e%2e/MvcResourceHandlersTest.class");
        assertThat(outside.statusCode()).isIn(400, 404);
    }

    @Test
    void theMostSpecificPatternOfAllServesAPath() throws Exception {
        HttpResponse<String> page = send("GET", "/files/docs/guide.html");
        assertThat(page.body()).startsWith("<!doctype html>");
        assertThat(page.headers().firstValue("cache-control")).hasValue("no-cache");
        // under /files/docs/ as well, but only /files/** matches it
        HttpResponse<String> text = send("GET", "/files/docs/guide.txt");
        assertThat(text.statusCode()).isEqualTo(200);
        assertThat(text.body()).isEqualTo("not a page\n");
        assertThat(text.headers().firstValue("cache-control")).isEmpty();
    }

    @Test
    void resourcesAreReadOnly() throws Exception {
        HttpResponse<String> post = send("POST", "/assets/site.css");
        assertThat(post.statusCode()).isEqualTo(405);
        assertThat(post.headers().firstValue("allow")).get().asString().contains("GET", "HEAD");
    }

    @Test
    void withoutTheServletFacadeAResourceRequestFails() throws Exception {
        WebMvcConfigurer files = new WebMvcConfigurer() {
            @Override
            public void addResourceHandlers(ResourceHandlerRegistry registry) {
                registry.addResourceHandler("/assets/**").addResourceLocations("classpath:/mvc-assets/");
            }
        };
        try (BriskServer plain = Brisk.server().port(0).host("127.0.0.1").controllers(files).start()) {
            HttpResponse<String> response = CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                    + plain.port() + "/assets/site.css")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(500);
        }
    }

    @Test
    void controllersComeBeforeResourceHandlers() throws Exception {
        HttpResponse<String> status = send("GET", "/status");
        assertThat(status.body()).isEqualTo("from the controller");
        assertThat(status.headers().firstValue("x-handler")).hasValue("HandlerMethod");
        assertThat(send("GET", "/assets/live").body()).isEqualTo("live");
    }
}
