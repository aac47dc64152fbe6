package dev.brisk.rest.internal.observe;

/** Lines to an SLF4J logger at INFO; loaded only when SLF4J is present. */
final class Slf4jSink implements LineSink {

    private final org.slf4j.Logger logger;

    Slf4jSink(String name) {
        this.logger = org.slf4j.LoggerFactory.getLogger(name);
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
