package dev.brisk.benchmarks.rpc.serialization;

/**
 * One serializer of the comparison, set up for one type of the RPC benchmark's model: writes a value into a buffer it
 * keeps and reuses, and reads the value back from that buffer. Not thread-safe (one per benchmark thread).
 */
interface ModelCodec {

    /** Serializes {@code value} into the buffer, replacing what it held. */
    void write(Object value);

    /** Deserializes the value last written. */
    Object read();

    /** The bytes the last {@link #write} produced. */
    int size();
}
