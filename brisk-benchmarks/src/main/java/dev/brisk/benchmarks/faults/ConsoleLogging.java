package dev.brisk.benchmarks.faults;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import org.slf4j.LoggerFactory;

/**
 * Sends warnings and errors of the libraries (Curator, ZooKeeper, Netty) to standard error, one line each, and drops
 * the rest: standard output carries only what the fault script reads. Logback's default would print everything from
 * DEBUG on to standard output.
 */
final class ConsoleLogging {

    private ConsoleLogging() {
    }

    static void warningsToStandardError() {
        if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
            return; // another SLF4J binding: its own configuration applies
        }
        context.reset();
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern("%d{HH:mm:ss.SSS} %-5level %logger{30} - %msg%n");
        encoder.start();
        ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
        console.setContext(context);
        console.setName("stderr");
        console.setTarget("System.err");
        console.setEncoder(encoder);
        console.start();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.WARN);
        root.addAppender(console);
    }
}
