package dev.brisk.benchmarks.serve;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.FileAppender;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;

/**
 * Sends the access log ({@code brisk.access}) of {@code serve brisk-rest-full} where a production server sends it: to a
 * file of its own, one message per line, through a buffered appender ({@code immediateFlush=false}), not to the
 * console with the default layout.
 */
final class AccessLogFile {

    private AccessLogFile() {
    }

    static void configure() {
        if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
            return; // another SLF4J binding: its own configuration applies
        }
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern("%msg%n");
        encoder.start();
        FileAppender<ILoggingEvent> file = new FileAppender<>();
        file.setContext(context);
        file.setName("access-log");
        file.setFile(Path.of(System.getProperty("java.io.tmpdir"), "brisk-access.log").toString());
        file.setAppend(false);
        file.setImmediateFlush(false);
        String buffer = System.getProperty("brisk.bench.access-log-buffer");
        if (buffer != null) {
            file.setBufferSize(new ch.qos.logback.core.util.FileSize(Long.parseLong(buffer)));
        }
        file.setEncoder(encoder);
        file.start();
        Logger access = context.getLogger("brisk.access");
        access.setAdditive(false);
        access.addAppender(file);
        Runtime.getRuntime().addShutdownHook(new Thread(file::stop));
    }
}
