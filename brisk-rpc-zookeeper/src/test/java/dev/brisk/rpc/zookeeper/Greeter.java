package dev.brisk.rpc.zookeeper;

/** The service the discovery tests call; each server answers with its own name. */
public interface Greeter {

    String greet(String who);
}
