package dev.brisk.rest.internal.observe;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Lines to an SLF4J logger at INFO; loaded only when SLF4J is present. */
final class Slf4jSink implements LineSink {

    private final Logger logger;

    Slf4jSink(String name) {
        this.logger = LoggerFactory.getLogger(name);
    }

    static boolean available() {
        try {
            Class.forName("org.slf4j.LoggerFactory", false, Slf4jSink.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    @Override
    public void write(LineBuffer line) {
        logger.info(line.toString());
    }
}
