package dev.brisk.rpc;

/**
 * Where a service's methods run on the server. Service methods never run on the I/O thread unless {@link #IO} is
 * chosen explicitly.
 */
public enum Dispatch {
    /** A bounded pool of platform threads with a bounded queue; a full queue answers "overloaded". */
    WORKER,
    /** A new virtual thread per call (Java 21+; starting a server with it on an older JVM fails with the reason). */
    VIRTUAL,
    /** The connection's event loop itself: only for methods that never block and finish in microseconds. */
    IO
}
