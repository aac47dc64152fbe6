package dev.brisk.spring.boot.rpc.consumer;

import dev.brisk.spring.boot.rpc.Greeter;
import dev.brisk.spring.boot.rpc.RpcReference;
import org.springframework.stereotype.Service;

/** Takes the RPC proxy by its constructor and the local greeter by plain injection. */
@Service
public class Checkout {

    private final Greeter remote;
    private final Greeter local;

    public Checkout(@RpcReference Greeter remote, Greeter local) {
        this.remote = remote;
        this.local = local;
    }

    public Greeter remote() {
        return remote;
    }

    public Greeter local() {
        return local;
    }
}
