package dev.brisk.rpc.trust;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.util.concurrent.atomic.AtomicInteger;

/** A class no service declares; counts every sign of life: construction, hashCode, equals, readObject, readResolve. */
public final class Canary implements Serializable {

    private static final long serialVersionUID = 1L;
    static final AtomicInteger SIGNS = new AtomicInteger();

    private String name;

    public Canary() {
        SIGNS.incrementAndGet();
    }

    Canary(String name) {
        this.name = name;
    }

    @Override
    public int hashCode() {
        SIGNS.incrementAndGet();
        return 1;
    }

    @Override
    public boolean equals(Object other) {
        SIGNS.incrementAndGet();
        return other instanceof Canary;
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        SIGNS.incrementAndGet();
        in.defaultReadObject();
    }

    private Object readResolve() {
        SIGNS.incrementAndGet();
        return this;
    }

    @Override
    public String toString() {
        return "canary " + name;
    }
}
