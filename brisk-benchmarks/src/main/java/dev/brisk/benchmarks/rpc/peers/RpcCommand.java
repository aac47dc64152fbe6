package dev.brisk.benchmarks.rpc.peers;

import dev.brisk.benchmarks.rpc.RpcMain;
import dev.brisk.benchmarks.rpc.RpcPeer;
import dev.brisk.benchmarks.rpc.brisk.BriskRpcPeer;
import dev.brisk.benchmarks.rpc.grpc.GrpcPeer;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * {@code rpc <impl> serve|call ...}: serves the benchmark's {@code UserService} with Brisk's RPC or a peer, or calls
 * such a server and prints {@code rps=<n> p50_ms=<x> p99_ms=<y> errors=<k> cpu_us=<c>}. Apache Dubbo is not here: its
 * Triple protocol switches on Spring MVC support when it finds Spring on the class path, which fails with the Spring 7
 * this jar holds, so it runs from its own jar (brisk-benchmarks-dubbo) with the same arguments.
 */
public final class RpcCommand {

    static final Map<String, Supplier<RpcPeer>> IMPLS = new LinkedHashMap<>();

    static {
        IMPLS.put("brisk", BriskRpcPeer::new);
        IMPLS.put("grpc", GrpcPeer::new);
    }

    private RpcCommand() {
    }

    /** The names {@code rpc} accepts. */
    public static String implementations() {
        return String.join(", ", IMPLS.keySet());
    }

    public static void run(String[] args) throws Exception {
        RpcMain.run(args, IMPLS);
    }
}
