package dev.brisk.spring.boot.rpc;

/** The service the sample provider exports and the sample consumer calls. */
public interface Greeter {

    String greet(String name);

    /** Answers after {@code millis}: a call still in flight when the provider shuts down. */
    String greetSlowly(String name, long millis);
}
