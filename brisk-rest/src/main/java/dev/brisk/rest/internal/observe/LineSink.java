package dev.brisk.rest.internal.observe;

/** Where access log lines go: SLF4J when it is on the class path, {@link System.Logger} otherwise. */
interface LineSink {

    void write(String line);

    static LineSink forLogger(String name) {
        if (Slf4jSink.available()) {
            return new Slf4jSink(name);
        }
        System.Logger logger = System.getLogger(name);
        return line -> logger.log(System.Logger.Level.INFO, line);
    }
}
