package dev.brisk.spring.boot.rpc.consumer;

import dev.brisk.spring.boot.rpc.Greeter;
import dev.brisk.spring.boot.rpc.RpcReference;
import org.springframework.stereotype.Component;

/** Takes the RPC proxy into a field. */
@Component
public class Notifier {

    @RpcReference
    private Greeter greeter;

    public String notifyUser(String name) {
        return greeter.greet(name);
    }

    public Greeter greeter() {
        return greeter;
    }
}
