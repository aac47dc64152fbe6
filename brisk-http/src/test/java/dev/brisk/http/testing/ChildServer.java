package dev.brisk.http.testing;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A server main class run in a JVM of its own, on this JVM's class path, with its output in a log file: a test can
 * then attack it until it runs out of memory, and read its resident memory from {@code /proc}, without risking the
 * JVM that runs the tests.
 *
 * <p>The main class starts its server and calls {@link #serveUntilParentLeaves} with the ports it bound; the child
 * then runs until this side closes it or dies (its standard input reaches end of file).
 */
public final class ChildServer implements AutoCloseable {

    /** Heap and direct memory limits, heap sized and touched at start so that resident memory shows growth only. */
    public static final List<String> DEFAULT_JVM_OPTIONS = List.of("-Xms256m", "-Xmx256m", "-XX:+AlwaysPreTouch",
            "-XX:MaxDirectMemorySize=256m", "-Dio.netty.leakDetection.level=simple");

    private static final String PORTS_LINE = "child server listening on ports ";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private final Process process;
    private final Path log;
    private final int[] ports;

    private ChildServer(Process process, Path log, int[] ports) {
        this.process = process;
        this.log = log;
        this.ports = ports;
    }

    /**
     * Starts {@code main} with {@code jvmOptions} and waits until it announces its ports; its standard output and
     * error go to {@code log}.
     */
    public static ChildServer start(Class<?> main, List<String> jvmOptions, Path log) throws IOException,
            InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(javaBinary());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(main.getName());
        Files.createDirectories(log.toAbsolutePath().getParent());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            int[] ports = announcedPorts(Files.readString(log, StandardCharsets.UTF_8));
            if (ports != null) {
                return new ChildServer(process, log, ports);
            }
            if (!process.isAlive()) {
                break;
            }
            Thread.sleep(50);
        }
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        throw new IllegalStateException(main.getName() + " did not announce its ports within " + START_TIMEOUT
                + "; its output:\n" + Files.readString(log, StandardCharsets.UTF_8));
    }

    /**
     * For the child's main: announces {@code ports} to the parent, then blocks until the parent closes the child's
     * standard input (or dies), closes {@code server} and exits.
     */
    public static void serveUntilParentLeaves(AutoCloseable server, int... ports) throws Exception {
        PrintStream out = System.out;
        out.println(PORTS_LINE + String.join(" ", Arrays.stream(ports).mapToObj(Integer::toString).toList()));
        out.flush();
        while (System.in.read() >= 0) {
            // the parent writes nothing; end of file means it has left
        }
        server.close();
        System.exit(0);
    }

    /** The first port the child announced. */
    public int port() {
        return ports[0];
    }

    public int port(int index) {
        return ports[index];
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** The child's resident set size ({@code VmRSS} of {@code /proc/<pid>/status}) in bytes, or -1 once it is gone. */
    public long residentBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid()), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.substring(6).trim().split("\\s+")[0]) * 1024;
                }
            }
            return -1;
        } catch (IOException | RuntimeException gone) {
            return -1;
        }
    }

    /** Whether this machine shows resident memory in {@code /proc} (Linux). */
    public static boolean residentMemoryVisible() {
        return Files.isReadable(Path.of("/proc/self/status"));
    }

    /** Everything the child printed so far. */
    public String output() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(output unreadable: " + e + ")";
        }
    }

    public Path log() {
        return log;
    }

    /** Closes the child's standard input so it stops its server and exits; kills it when it does not within 10 s. */
    @Override
    public void close() throws IOException, InterruptedException {
        try {
            process.getOutputStream().close();
        } catch (IOException alreadyGone) {
            // the child exited
        }
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static int[] announcedPorts(String output) {
        int at = output.indexOf(PORTS_LINE);
        int end = at < 0 ? -1 : output.indexOf('\n', at);
        if (end < 0) {
            return null;
        }
        return Arrays.stream(output.substring(at + PORTS_LINE.length(), end).trim().split(" "))
                .mapToInt(Integer::parseInt).toArray();
    }

    private static String javaBinary() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }
}
