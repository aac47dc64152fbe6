package dev.brisk.rest.internal.observe;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.FileAppender;
import dev.brisk.http.ServerRequest;
import dev.brisk.http.common.Protocol;
import dev.brisk.rest.observe.AccessLogOptions;
import io.netty.handler.codec.http.HttpMethod;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.slf4j.LoggerFactory;

import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The access log writer's cost per line, split: Brisk's part (a line through the ring and the formatter) and the
 * logging backend's (Logback writing a message to a buffered file, {@code %msg%n}, as a production server configures
 * it), the two together, and Brisk's part with the log's own file instead of a logging backend.
 *
 * <pre>bench/jmh.sh brisk-rest AccessLogBenchmark -prof gc</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class AccessLogBenchmark {

    private AccessLogRing ring;
    private AccessLogRing.Line line;
    private AccessLogFormatter formatter;
    private AccessLogEntry entry;
    private LineSink sink;
    private FileAppender<ILoggingEvent> file;
    private LineBuffer text;
    private FileSink fileSink;
    private Path fileSinkPath;
    private int inBatch;

    @Setup
    public void setUp() throws Exception {
        AccessLogOptions options = AccessLogOptions.DEFAULT;
        formatter = new AccessLogFormatter(options);
        ring = new AccessLogRing(1024);
        line = ring.new Line();
        InetSocketAddress remote = new InetSocketAddress("10.1.2.3", 50123);
        ServerRequest request = (ServerRequest) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ServerRequest.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "method" -> HttpMethod.GET;
                    case "uri" -> "/json";
                    case "protocol" -> Protocol.HTTP_1_1;
                    case "remoteAddress" -> remote;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        entry = new AccessLogEntry(null, request, remote, null, formatter.headerNames(), System.nanoTime());
        formatter.now(System.currentTimeMillis(), System.nanoTime());
        file = logbackFile();
        sink = new Slf4jSink("brisk.access.bench");
        text = new LineBuffer().append(formatter.format(take()).toString());
        line.clear();
        ring.release();
        fileSinkPath = Files.createTempFile("brisk-access-bench", ".log");
        fileSink = new FileSink(fileSinkPath, AccessLogOptions.Rotation.NONE, 0, lost -> { });
    }

    private AccessLogRing.Line take() {
        ring.offer(entry);
        ring.take(line);
        return line;
    }

    private FileAppender<ILoggingEvent> logbackFile() throws Exception {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern("%msg%n");
        encoder.start();
        FileAppender<ILoggingEvent> appender = new FileAppender<>();
        appender.setContext(context);
        appender.setFile(Files.createTempFile("brisk-access-bench", ".log").toString());
        appender.setAppend(false);
        appender.setImmediateFlush(false);
        appender.setEncoder(encoder);
        appender.start();
        Logger logger = context.getLogger("brisk.access.bench");
        logger.setLevel(ch.qos.logback.classic.Level.INFO);
        logger.setAdditive(false);
        logger.addAppender(appender);
        return appender;
    }

    @TearDown
    public void tearDown() throws Exception {
        file.stop();
        Files.deleteIfExists(Path.of(file.getFile()));
        fileSink.close();
        Files.deleteIfExists(fileSinkPath);
    }

    /** Brisk's part: a line through the ring and the formatter, as the writer thread takes it. */
    @Benchmark
    public LineBuffer format() {
        LineBuffer formatted = formatter.format(take());
        line.clear();
        ring.release();
        return formatted;
    }

    /** The backend's part: one formatted line written through SLF4J to Logback's buffered file. */
    @Benchmark
    public void logback() {
        sink.write(text);
    }

    /** Both: what the writer thread spends per line written to Logback. */
    @Benchmark
    public void formatAndLog() {
        sink.write(formatter.format(take()));
        line.clear();
        ring.release();
    }

    /** What the writer thread spends per line written to the log's own file, in batches of 256 lines. */
    @Benchmark
    public void formatAndFile() {
        fileSink.write(formatter.format(take()));
        line.clear();
        ring.release();
        if (++inBatch == 256) {
            inBatch = 0;
            fileSink.endBatch();
        }
    }
}
