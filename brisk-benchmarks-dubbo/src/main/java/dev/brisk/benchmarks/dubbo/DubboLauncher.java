package dev.brisk.benchmarks.dubbo;

import dev.brisk.benchmarks.rpc.RpcMain;
import dev.brisk.benchmarks.rpc.RpcPeer;

import java.util.Arrays;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The launcher of brisk-benchmarks-dubbo.jar: {@code rpc dubbo serve|call ...}, with the same options and the same
 * summary line as {@code brisk-benchmarks.jar rpc}. A separate jar because Dubbo's Triple protocol cannot start next to
 * the launcher's Spring 7.
 */
public final class DubboLauncher {

    static final Map<String, Supplier<RpcPeer>> IMPLS = Map.of("dubbo", DubboPeer::new);

    private static final String USAGE = "usage: java -jar brisk-benchmarks-dubbo.jar rpc dubbo " + RpcMain.OPTIONS;

    private DubboLauncher() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0 || !args[0].equals("rpc")) {
            fail(args.length == 0 ? "no command given" : "unknown command: " + args[0]);
        }
        try {
            RpcMain.run(Arrays.copyOfRange(args, 1, args.length), IMPLS);
        } catch (IllegalArgumentException e) {
            fail(e.getMessage());
        }
        System.exit(0);
    }

    private static void fail(String problem) {
        System.err.println(problem);
        System.err.println(USAGE);
        System.exit(2);
    }
}
