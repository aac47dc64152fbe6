package dev.brisk.transport;

/**
 * The socket transport that event loops run on. {@link #AUTO} picks the native transport of the platform when this
 * machine supports it; see {@link Transports}
 * for the rule and for creating event loop groups.
 */
public enum Transport {
    /**
     * Epoll on Linux, kqueue on BSD and macOS, otherwise NIO; the system property {@code brisk.transport} can choose
     * another for the whole JVM.
     */
    AUTO,
    /** Linux io_uring (kernel 5.14+); only when asked for, by name or with {@code -Dbrisk.transport=io_uring}. */
    IO_URING,
    /** Linux epoll. */
    EPOLL,
    /** BSD and macOS kqueue. */
    KQUEUE,
    /** Java NIO selectors; works everywhere. */
    NIO
}
