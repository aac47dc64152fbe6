package dev.brisk.rpc.internal;

import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;

/**
 * A Kryo {@link Input} over one frame that refuses a declared size larger than what the frame still holds before
 * anything is allocated for it: the lengths of primitive arrays, byte runs and strings read here, and the element count
 * of arrays, collections and maps (the first varint their serializer reads, see {@link #expectCount()}). Every element
 * takes at least one byte on the wire, so no honest value declares more elements than bytes left.
 */
final class BoundedInput extends Input {

    private boolean countExpected;

    BoundedInput(byte[] buffer, int offset, int count) {
        super(buffer, offset, count);
    }

    /** The next varint read is an element count plus one (0 standing for {@code null}): check it. */
    void expectCount() {
        countExpected = true;
    }

    void clearExpectedCount() {
        countExpected = false;
    }

    @Override
    public int readVarInt(boolean optimizePositive) {
        int value = super.readVarInt(optimizePositive);
        if (countExpected) {
            countExpected = false;
            check(value - 1L, 1, "elements");
        }
        return value;
    }

    @Override
    public int readVarIntFlag(boolean optimizePositive) {
        int value = super.readVarIntFlag(optimizePositive);
        if (countExpected) {
            countExpected = false;
            check(value - 1L, 1, "elements");
        }
        return value;
    }

    @Override
    public String readString() {
        checkStringLength();
        return super.readString();
    }

    @Override
    public StringBuilder readStringBuilder() {
        checkStringLength();
        return super.readStringBuilder();
    }

    /** A UTF-8 string declares its char count up front (ASCII ones end at a marked byte and need no check). */
    private void checkStringLength() {
        if (!readVarIntFlag()) {
            return;
        }
        int start = position();
        boolean expected = countExpected;
        countExpected = false;
        int charCountPlusOne = super.readVarIntFlag(true);
        setPosition(start);
        countExpected = expected;
        check(charCountPlusOne - 1L, 1, "chars");
    }

    @Override
    public byte[] readBytes(int length) {
        check(length, 1, "bytes");
        return super.readBytes(length);
    }

    @Override
    public int[] readInts(int length) {
        check(length, 4, "ints");
        return super.readInts(length);
    }

    @Override
    public int[] readInts(int length, boolean optimizePositive) {
        check(length, 1, "ints");
        return super.readInts(length, optimizePositive);
    }

    @Override
    public long[] readLongs(int length) {
        check(length, 8, "longs");
        return super.readLongs(length);
    }

    @Override
    public long[] readLongs(int length, boolean optimizePositive) {
        check(length, 1, "longs");
        return super.readLongs(length, optimizePositive);
    }

    @Override
    public float[] readFloats(int length) {
        check(length, 4, "floats");
        return super.readFloats(length);
    }

    @Override
    public double[] readDoubles(int length) {
        check(length, 8, "doubles");
        return super.readDoubles(length);
    }

    @Override
    public short[] readShorts(int length) {
        check(length, 2, "shorts");
        return super.readShorts(length);
    }

    @Override
    public char[] readChars(int length) {
        check(length, 2, "chars");
        return super.readChars(length);
    }

    @Override
    public boolean[] readBooleans(int length) {
        check(length, 1, "booleans");
        return super.readBooleans(length);
    }

    private void check(long count, int bytesEach, String what) {
        long left = limit() - position();
        if (count > left / bytesEach) {
            throw new KryoException("a value declares " + count + " " + what + " but the frame holds only " + left
                    + " more bytes");
        }
    }
}
