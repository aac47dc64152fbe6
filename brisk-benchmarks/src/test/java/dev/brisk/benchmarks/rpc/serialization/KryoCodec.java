package dev.brisk.benchmarks.rpc.serialization;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import dev.brisk.benchmarks.rpc.Page;
import dev.brisk.benchmarks.rpc.User;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;

/** Kryo 5 with the model's classes registered (its default field serializer), into a reused {@link Output}. */
final class KryoCodec implements ModelCodec {

    private final Kryo kryo = new Kryo();
    private final Output output = new Output(4096, -1);
    private final Input input = new Input();
    private final Class<?> type;

    KryoCodec(Class<?> type) {
        this.type = type;
        kryo.register(User.class);
        kryo.register(Page.class);
        kryo.register(ArrayList.class);
        kryo.register(LocalDate.class);
        kryo.register(LocalDateTime.class);
    }

    @Override
    public void write(Object value) {
        output.reset();
        kryo.writeObject(output, value);
    }

    @Override
    public Object read() {
        input.setBuffer(output.getBuffer(), 0, output.position());
        return kryo.readObject(input, type);
    }

    @Override
    public int size() {
        return output.position();
    }
}
