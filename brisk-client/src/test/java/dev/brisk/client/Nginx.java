package dev.brisk.client;

import dev.brisk.transport.SelfSignedCertificate;
import org.junit.jupiter.api.Assumptions;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A private nginx for tests: renders the configuration templates under {@code src/test/resources/nginx/} into a fresh
 * prefix directory, runs {@code nginx -g 'daemon off;'} as a child process on free loopback ports and stops it on
 * {@link #close()}.
 *
 * <p>Placeholders are written {@code @NAME@}. The launcher fills {@code @PREFIX@}, {@code @USER_DIRECTIVE@},
 * {@code @CERTIFICATE@} and {@code @PRIVATE_KEY@}, and picks a free port for every {@code @X_PORT@} the caller does
 * not give a value for ({@link #port(String)} tells which). When no nginx binary is found the calling tests are
 * skipped, unless the environment sets {@code BRISK_REQUIRE_NGINX=1}: then they fail.
 */
final class Nginx implements AutoCloseable {

    private static final List<String> TEMPLATES = List.of("nginx.conf", "locations.conf");
    private static final Pattern PLACEHOLDER = Pattern.compile("@([A-Z][A-Z0-9_]*)@");
    private static final long START_TIMEOUT_MILLIS = TimeUnit.SECONDS.toMillis(30);
    private static final int START_ATTEMPTS = 3;

    private final Path prefix;
    private final Process process;
    private final Map<String, Integer> ports;
    private final Thread cleanup;

    private Nginx(Path prefix, Process process, Map<String, Integer> ports) {
        this.prefix = prefix;
        this.process = process;
        this.ports = ports;
        this.cleanup = new Thread(this::stop, "nginx-stop");
        Runtime.getRuntime().addShutdownHook(cleanup);
    }

    /**
     * Starts nginx with a certificate for its TLS server blocks and {@code values} for the caller's placeholders.
     * Retries with other ports when one taken meanwhile makes nginx exit.
     */
    static Nginx start(SelfSignedCertificate certificate, Map<String, String> values) throws IOException {
        Path binary = locateBinary();
        Path prefix = Files.createTempDirectory("brisk-nginx");
        try {
            for (String dir : List.of("conf", "logs", "temp", "html", "tls")) {
                Files.createDirectories(prefix.resolve(dir));
            }
            SelfSignedCertificate.PemFiles pem = certificate.writePem(prefix.resolve("tls"));
            Map<String, String> fixed = new HashMap<>(values);
            fixed.put("PREFIX", prefix.toString());
            fixed.put("USER_DIRECTIVE", runningAsRoot() ? "user root;" : "");
            fixed.put("CERTIFICATE", pem.certificate().toString());
            fixed.put("PRIVATE_KEY", pem.privateKey().toString());
            String failure = "";
            for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
                Map<String, Integer> ports = freePorts(fixed.keySet());
                render(prefix, fixed, ports);
                Process process = launch(binary, prefix);
                failure = awaitPorts(process, ports.values());
                if (failure == null) {
                    return new Nginx(prefix, process, ports);
                }
                destroy(process);
            }
            throw new IllegalStateException("nginx did not start: " + failure + "\n" + logs(prefix));
        } catch (IOException | RuntimeException | Error e) {
            deleteTree(prefix);
            throw e;
        }
    }

    /** The port chosen for placeholder {@code @NAME_PORT@}, given as {@code "NAME"}. */
    int port(String name) {
        Integer port = ports.get(name + "_PORT");
        if (port == null) {
            throw new IllegalArgumentException("no port placeholder @" + name + "_PORT@ in " + TEMPLATES);
        }
        return port;
    }

    /** The directory {@code @PREFIX@/html}, where the configuration's static and WebDAV locations live. */
    Path html() {
        return prefix.resolve("html");
    }

    /** Stops nginx (and its workers) and deletes the prefix directory. */
    @Override
    public void close() {
        stop();
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run
        }
    }

    private void stop() {
        destroy(process);
        deleteTree(prefix);
    }

    /** The nginx binary on PATH or in /usr/sbin; skips (or, on CI, fails) the calling tests when there is none. */
    private static Path locateBinary() {
        Stream<Path> onPath = Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .filter(dir -> !dir.isEmpty()).map(dir -> Path.of(dir, "nginx"));
        Path found = Stream.concat(onPath, Stream.of(Path.of("/usr/sbin/nginx"), Path.of("/usr/local/sbin/nginx")))
                .filter(Files::isExecutable).findFirst().orElse(null);
        if (found != null) {
            return found;
        }
        String message = "nginx is not installed (looked on PATH and in /usr/sbin); install the nginx package";
        if ("1".equals(System.getenv("BRISK_REQUIRE_NGINX"))) {
            throw new IllegalStateException(message + " (BRISK_REQUIRE_NGINX=1 requires it)");
        }
        Assumptions.abort(message + " to run these tests");
        throw new AssertionError("unreachable");
    }

    private static boolean runningAsRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static Map<String, Integer> freePorts(Set<String> given) throws IOException {
        Set<String> wanted = new TreeSet<>();
        for (String template : TEMPLATES) {
            Matcher matcher = PLACEHOLDER.matcher(template(template));
            while (matcher.find()) {
                String name = matcher.group(1);
                if (name.endsWith("_PORT") && !given.contains(name)) {
                    wanted.add(name);
                }
            }
        }
        Map<String, Integer> ports = new LinkedHashMap<>();
        for (String name : wanted) {
            try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                ports.put(name, probe.getLocalPort());
            }
        }
        return ports;
    }

    private static void render(Path prefix, Map<String, String> values, Map<String, Integer> ports)
            throws IOException {
        for (String template : TEMPLATES) {
            Matcher matcher = PLACEHOLDER.matcher(template(template));
            StringBuilder out = new StringBuilder();
            while (matcher.find()) {
                String name = matcher.group(1);
                String value = ports.containsKey(name) ? String.valueOf(ports.get(name)) : values.get(name);
                if (value == null) {
                    throw new IllegalArgumentException("no value for @" + name + "@ in nginx/" + template);
                }
                matcher.appendReplacement(out, Matcher.quoteReplacement(value));
            }
            matcher.appendTail(out);
            Files.writeString(prefix.resolve("conf").resolve(template), out, StandardCharsets.UTF_8);
        }
    }

    private static String template(String name) throws IOException {
        try (InputStream in = Nginx.class.getResourceAsStream("/nginx/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource nginx/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static Process launch(Path binary, Path prefix) throws IOException {
        Path logs = prefix.resolve("logs");
        return new ProcessBuilder(binary.toString(), "-p", prefix.toString(),
                "-c", prefix.resolve("conf/nginx.conf").toString(),
                "-e", logs.resolve("error.log").toString(),
                "-g", "daemon off;")
                .redirectErrorStream(true)
                .redirectOutput(logs.resolve("console.log").toFile())
                .start();
    }

    /** Null once every port accepts connections; otherwise why not (nginx exited, or the time ran out). */
    private static String awaitPorts(Process process, Iterable<Integer> ports) {
        long deadline = System.currentTimeMillis() + START_TIMEOUT_MILLIS;
        for (int port : ports) {
            while (!accepts(port)) {
                if (!process.isAlive()) {
                    return "nginx exited with status " + process.exitValue();
                }
                if (System.currentTimeMillis() > deadline) {
                    return "port " + port + " did not accept connections within " + START_TIMEOUT_MILLIS + " ms";
                }
                try {
                    process.waitFor(20, TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return "interrupted";
                }
            }
        }
        return null;
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Asks nginx to stop (SIGTERM), then kills it and any worker left over. */
    private static void destroy(Process process) {
        List<ProcessHandle> workers = process.descendants().toList();
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        workers.forEach(ProcessHandle::destroyForcibly);
    }

    private static String logs(Path prefix) {
        StringBuilder text = new StringBuilder();
        for (String log : List.of("console.log", "error.log")) {
            Path file = prefix.resolve("logs").resolve(log);
            try {
                if (Files.exists(file)) {
                    text.append("--- ").append(log).append('\n').append(Files.readString(file));
                }
            } catch (IOException e) {
                text.append("--- ").append(log).append(": ").append(e).append('\n');
            }
        }
        return text.toString();
    }

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + root, e);
        }
    }
}
