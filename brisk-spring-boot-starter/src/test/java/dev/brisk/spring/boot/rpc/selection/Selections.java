package dev.brisk.spring.boot.rpc.selection;

import dev.brisk.spring.boot.rpc.Greeter;
import dev.brisk.spring.boot.rpc.RpcReference;
import org.springframework.stereotype.Component;

/** References to one service with different choices of providers. */
@Component
public class Selections {

    @RpcReference
    private Greeter plain;

    @RpcReference(version = "[2.0,3.0)", group = "blue")
    private Greeter blue;

    private final Greeter everyGroup;

    public Selections(@RpcReference(group = "*") Greeter everyGroup) {
        this.everyGroup = everyGroup;
    }

    public Greeter plain() {
        return plain;
    }

    public Greeter blue() {
        return blue;
    }

    public Greeter everyGroup() {
        return everyGroup;
    }
}
