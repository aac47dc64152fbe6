package dev.brisk.spring.boot.rpc.provider;

import dev.brisk.spring.boot.rpc.internal.RpcServerLifecycle;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/** A bean destroyed with the context, as a data source is: remembers whether the RPC server still ran then. */
@Component
public class ShutdownWitness implements DisposableBean {

    /** Whether the RPC server ran when the last witness was destroyed; null before. */
    public static volatile Boolean rpcRunningAtDestroy;

    private final RpcServerLifecycle rpc;

    public ShutdownWitness(RpcServerLifecycle rpc) {
        this.rpc = rpc;
    }

    @Override
    public void destroy() {
        rpcRunningAtDestroy = rpc.isRunning() || rpc.server().isPresent();
    }
}
