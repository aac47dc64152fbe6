package dev.brisk.http.testing;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Finds and runs external tools (curl, h2spec). On CI a missing tool fails the test instead of skipping it. */
public final class Tools {

    /** What a finished process printed. */
    public record Result(int exitCode, String output) {
    }

    private Tools() {
    }

    /** The tool's path; skips the test when it is missing outside CI, fails it on CI. */
    public static String require(String name) {
        Optional<String> found = find(name);
        if (found.isEmpty() && System.getenv("CI") != null) {
            throw new AssertionError(name + " is required on CI but is not installed");
        }
        assumeTrue(found.isPresent(), name + " is not installed");
        return found.get();
    }

    static Optional<String> find(String name) {
        List<String> dirs = new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)));
        dirs.add(System.getProperty("user.home") + "/go/bin");
        String gopath = System.getenv("GOPATH");
        if (gopath != null) {
            dirs.add(gopath + "/bin");
        }
        for (String dir : dirs) {
            Path candidate = Path.of(dir, name);
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate.toString());
            }
        }
        return Optional.empty();
    }

    /** Runs a command, merging stderr into stdout, and waits up to {@code timeoutSeconds}. */
    public static Result run(int timeoutSeconds, String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        byte[] output;
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not finish in " + timeoutSeconds + " s");
        }
        output = process.getInputStream().readAllBytes();
        return new Result(process.exitValue(), new String(output, StandardCharsets.UTF_8));
    }
}
