package dev.brisk.rest.spring.compat;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.multipart.MultipartOptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Principal;

/**
 * The sample shop served by Brisk: its controllers, advice and web configuration, unchanged, plus two filters of its
 * own. Uploads are limited as its Spring Boot settings would say ({@code spring.servlet.multipart.max-file-size=5MB},
 * {@code max-request-size=6MB}, {@code file-size-threshold=16KB}, {@code location}).
 */
final class CompatApplication {

    /** Where the shop keeps product images. */
    static final Path IMAGES = directory("shop-images");
    /** Where uploads larger than the threshold are written while they arrive. */
    static final Path UPLOADS = directory("shop-uploads");

    private CompatApplication() {
    }

    static BriskServer.Builder server() {
        return server(ProductCatalog.inMemory());
    }

    static BriskServer.Builder server(ProductCatalog catalog) {
        return Brisk.server()
                .controllers(new CustomerController(), new OrderController(), new InventoryController(),
                        new ProductController(IMAGES, catalog), new ApiErrorHandler(), new DomainErrorAdvice(),
                        new WebConfig())
                .web(w -> w.multipart(MultipartOptions.builder().maxPartSize(5 * 1024 * 1024)
                .maxRequestSize(6 * 1024 * 1024)
                        .fileSizeThreshold(16 * 1024).tempDirectory(UPLOADS).build()))
                // an authentication filter would do this: the caller, for Principal parameters
                .filter((ctx, chain) -> {
                    ctx.header("x-served-by", "brisk");
                    ctx.request().headers().first("X-User").ifPresent(user ->
                            ctx.attributes().put(Principal.class.getName(), (Principal) () -> user));
                    ctx.attributes().put("requestId", "r-" + ctx.request().path().length());
                    chain.proceed(ctx);
                });
    }

    private static Path directory(String prefix) {
        try {
            Path directory = Files.createTempDirectory(prefix);
            directory.toFile().deleteOnExit();
            return directory;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
