package dev.brisk.benchmarks.rpc.serialization;

import dev.brisk.benchmarks.rpc.Page;
import dev.brisk.benchmarks.rpc.User;
import org.apache.fory.Fory;
import org.apache.fory.config.Language;
import org.apache.fory.memory.MemoryBuffer;
import org.apache.fory.memory.MemoryUtils;

/** Apache Fory in Java mode, the model's classes registered, into a reused {@link MemoryBuffer}. */
final class ForyCodec implements ModelCodec {

    private final Fory fory = Fory.builder()
            .withLanguage(Language.JAVA)
            .requireClassRegistration(true)
            .build();
    private final MemoryBuffer buffer = MemoryUtils.buffer(4096);
    private final Class<?> type;

    ForyCodec(Class<?> type) {
        this.type = type;
        fory.register(User.class);
        fory.register(Page.class);
    }

    @Override
    public void write(Object value) {
        buffer.writerIndex(0);
        fory.serialize(buffer, value);
    }

    @Override
    public Object read() {
        buffer.readerIndex(0);
        return fory.deserialize(buffer, type);
    }

    @Override
    public int size() {
        return buffer.writerIndex();
    }
}
