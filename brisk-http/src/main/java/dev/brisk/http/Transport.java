package dev.brisk.http;

/** The socket transport the server's event loops use. {@link #AUTO} picks the fastest one this machine supports. */
public enum Transport {
    /** io_uring when available, then epoll, then NIO. */
    AUTO,
    /** Linux io_uring (kernel 5.14+). */
    IO_URING,
    /** Linux epoll. */
    EPOLL,
    /** Java NIO selectors; works everywhere. */
    NIO
}
