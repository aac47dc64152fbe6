package dev.brisk.examples.demo;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The web page in a real browser: headless Chromium loads it from the demo, runs its script, and the rendered DOM
 * holds what the script fetched from the API (none of it is in the static HTML). Skipped when {@code chromium} is not
 * on the PATH, unless the environment sets {@code BRISK_REQUIRE_CHROMIUM=1}: then it fails.
 */
class BookshopPageBrowserTest {

    private static final long BROWSER_TIMEOUT_SECONDS = 120;

    @Test
    void pageShowsBooksPricesStockAndStatsFromTheApi(@TempDir Path work) throws Exception {
        Path chromium = chromium();
        try (Bookshop shop = Bookshop.start(new DemoSettings(0, Optional.empty()))) {
            String dom = renderedDom(chromium, "http://127.0.0.1:" + shop.port() + "/", work);

            String html = Files.readString(Path.of("src/main/resources", Bookshop.WEB_RESOURCES, "index.html"));
            assertThat(html).doesNotContain("Frankenstein", "9.90", "sold out", "price lookups took");
            assertThat(dom).contains("<td>Frankenstein</td>", "<td>Mary Shelley</td>", "<td>Dracula</td>");
            assertThat(dom).contains("€9.90", "€10.40");                  // prices from the pricing service
            assertThat(dom).contains("sold out");                         // The Time Machine, from the warehouse
            assertThat(dom).containsPattern("So far \\d+ price lookups took \\d+ calls? to the pricing service");
            assertThat(dom).doesNotContain("Loading…");
        }
    }

    private static String renderedDom(Path chromium, String url, Path work) throws Exception {
        Path dom = work.resolve("dom.html");
        Process process = new ProcessBuilder(List.of(chromium.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--user-data-dir=" + work.resolve("profile"), "--virtual-time-budget=10000", "--dump-dom", url))
                .redirectOutput(dom.toFile())
                .redirectError(work.resolve("chromium.log").toFile())
                .start();
        if (!process.waitFor(BROWSER_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("chromium did not finish within " + BROWSER_TIMEOUT_SECONDS + " s");
        }
        assertThat(process.exitValue()).as("chromium's exit status; its log: %s",
                Files.readString(work.resolve("chromium.log"), StandardCharsets.UTF_8)).isZero();
        return Files.readString(dom, StandardCharsets.UTF_8);
    }

    private static Path chromium() {
        Optional<Path> found = Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .filter(directory -> !directory.isEmpty())
                .map(directory -> Path.of(directory, "chromium"))
                .filter(Files::isExecutable)
                .findFirst();
        if (found.isPresent()) {
            return found.get();
        }
        String message = "chromium is not on the PATH (Debian: apt-get install chromium)";
        if ("1".equals(System.getenv("BRISK_REQUIRE_CHROMIUM"))) {
            throw new IllegalStateException(message + "; BRISK_REQUIRE_CHROMIUM=1 requires it");
        }
        Assumptions.abort(message + ": the page is not checked in a browser");
        throw new AssertionError("unreachable");
    }
}
