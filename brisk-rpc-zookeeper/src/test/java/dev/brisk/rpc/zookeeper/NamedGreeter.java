package dev.brisk.rpc.zookeeper;

/** Answers {@code name:who}, so that a test sees which server took a call. */
public final class NamedGreeter implements Greeter {

    private final String name;

    public NamedGreeter(String name) {
        this.name = name;
    }

    @Override
    public String greet(String who) {
        return name + ":" + who;
    }
}
