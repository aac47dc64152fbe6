package dev.brisk.spring.boot.rpc.provider;

import dev.brisk.spring.boot.rpc.Greeter;
import dev.brisk.spring.boot.rpc.RpcProvider;
import org.springframework.beans.factory.annotation.Value;

/** Exported under {@link Greeter}, the one interface it implements; says which provider answered. */
@RpcProvider
public class RemoteGreeter implements Greeter {

    private final String name;

    public RemoteGreeter(@Value("${sample.provider-name:provider}") String name) {
        this.name = name;
    }

    @Override
    public String greet(String who) {
        return "hello " + who + " from " + name;
    }

    @Override
    public String greetSlowly(String who, long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
        return greet(who);
    }
}
