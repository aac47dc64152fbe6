package dev.brisk.transport;

/**
 * The socket transport that event loops run on. {@link #AUTO} picks the fastest one this machine supports; see
 * {@link Transports} for the rule and for creating event loop groups.
 */
public enum Transport {
    /** io_uring when available, then epoll, then kqueue, then NIO. */
    AUTO,
    /** Linux io_uring (kernel 5.14+). */
    IO_URING,
    /** Linux epoll. */
    EPOLL,
    /** BSD and macOS kqueue. */
    KQUEUE,
    /** Java NIO selectors; works everywhere. */
    NIO
}
