package dev.brisk.rpc.internal;

import dev.brisk.rpc.Model.Role;
import dev.brisk.rpc.Model.User;
import dev.brisk.rpc.spi.AllowedTypes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Values written one after another are read back from heap, direct and composite buffers, at any offset. */
class ForySerializerTest {

    private final ForySerializer serializer = new ForySerializer();

    {
        serializer.prepare(AllowedTypes.of(Set.of(), TypeClosure.of(List.of(User.class)), Set.of()));
    }
    private final User ada = new User(1, "Ada", Role.ADMIN, List.of("a"));

    private ByteBuf written(ByteBuf out) {
        out.writeBytes(new byte[] {9, 9, 9});
        serializer.write(out, ada);
        serializer.write(out, 42);
        serializer.write(out, null);
        serializer.write(out, "tail");
        return out;
    }

    private void readBack(ByteBuf in) {
        in.skipBytes(3);
        assertThat(serializer.read(in, User.class)).isEqualTo(ada);
        assertThat(serializer.read(in, int.class)).isEqualTo(42);
        assertThat(serializer.read(in, Object.class)).isNull();
        assertThat(serializer.read(in, String.class)).isEqualTo("tail");
        assertThat(in.isReadable()).isFalse();
    }

    @Test
    void heapBufferWithAnArrayOffset() {
        ByteBuf out = written(Unpooled.buffer());
        byte[] content = toArray(out);
        out.release();
        byte[] backing = new byte[7 + content.length];
        System.arraycopy(content, 0, backing, 7, content.length);
        ByteBuf slice = Unpooled.wrappedBuffer(backing).slice(7, content.length);
        assertThat(slice.hasArray()).isTrue();
        assertThat(slice.arrayOffset()).isEqualTo(7);
        readBack(slice);
    }

    @Test
    void directBuffer() {
        ByteBuf out = written(Unpooled.directBuffer());
        ByteBuf slice = out.slice(out.readerIndex(), out.readableBytes());
        readBack(slice);
        out.release();
    }

    @Test
    void compositeBufferIsCopiedOnce() {
        ByteBuf out = written(Unpooled.buffer());
        byte[] bytes = toArray(out);
        out.release();
        CompositeByteBuf composite = Unpooled.compositeBuffer();
        composite.addComponent(true, Unpooled.wrappedBuffer(bytes, 0, 5));
        composite.addComponent(true, Unpooled.directBuffer().writeBytes(bytes, 5, bytes.length - 5));
        readBack(composite);
        composite.release();
    }

    private static byte[] toArray(ByteBuf buf) {
        byte[] bytes = new byte[buf.readableBytes()];
        buf.getBytes(buf.readerIndex(), bytes);
        return bytes;
    }
}
