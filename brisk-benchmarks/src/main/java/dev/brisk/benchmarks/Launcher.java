package dev.brisk.benchmarks;

import dev.brisk.benchmarks.client.ClientMain;
import dev.brisk.benchmarks.client.peers.ClientCommand;
import dev.brisk.benchmarks.collapse.CollapseCommand;
import dev.brisk.benchmarks.faults.FaultsCommand;
import dev.brisk.benchmarks.report.ReportCommand;
import dev.brisk.benchmarks.rpc.RpcMain;
import dev.brisk.benchmarks.rpc.peers.RpcCommand;
import dev.brisk.benchmarks.serve.ServeCommand;

import java.util.Arrays;

/**
 * The benchmark launcher: one jar that serves Brisk and its peers, and drives clients, collapsing and RPC runs, so
 * that they are measured side by side. Sub-commands are a stable interface.
 */
public final class Launcher {

    static final String USAGE = """
            usage: java -jar brisk-benchmarks.jar <command> ...
              serve <impl> --port N [--io-threads N] [--tls [--http3]] [--transport auto|io_uring|epoll|nio]
                    impls: %s
              client <impl> %s
                    impls: %s (esa-restclient: brisk-benchmarks-esa.jar)
              collapse %s
              rpc <impl> %s
                    impls: %s (dubbo: brisk-benchmarks-dubbo.jar)
              report %s
                    renders what bench/report.sh measured: tables, the page, its charts
              faults %s
                    the processes of bench/rpc-faults.sh
            """;

    private Launcher() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            fail("no command given");
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        switch (args[0]) {
            case "serve" -> ServeCommand.run(rest);
            case "client" -> client(rest);
            case "collapse" -> collapse(rest);
            case "rpc" -> rpc(rest);
            case "report" -> report(rest);
            case "faults" -> faults(rest);
            case "-h", "--help", "help" -> System.out.print(usage());
            default -> fail("unknown command: " + args[0]);
        }
    }

    /** Prints the problem and the usage, and exits with status 2. */
    public static void fail(String problem) {
        System.err.println(problem);
        System.err.print(usage());
        System.exit(2);
    }

    private static void client(String[] args) throws Exception {
        try {
            ClientCommand.run(args);
        } catch (IllegalArgumentException e) {
            fail(e.getMessage());
        }
        System.exit(0);
    }

    private static void collapse(String[] args) throws Exception {
        try {
            CollapseCommand.run(args);
        } catch (IllegalArgumentException e) {
            fail(e.getMessage());
        }
        System.exit(0);
    }

    private static void rpc(String[] args) throws Exception {
        try {
            RpcCommand.run(args);
        } catch (IllegalArgumentException e) {
            fail(e.getMessage());
        }
        System.exit(0);
    }

    private static void report(String[] args) throws Exception {
        try {
            ReportCommand.run(args);
        } catch (IllegalArgumentException e) {
            fail(e.getMessage());
        }
    }

    private static void faults(String[] args) {
        try {
            FaultsCommand.run(args);
        } catch (IllegalArgumentException e) {
            fail(e.getMessage());
        } catch (Exception e) {
            // the process ends, whatever threads the failed start left behind
            e.printStackTrace();
            System.exit(1);
        }
    }

    private static String usage() {
        return USAGE.formatted(ServeCommand.implementations(), ClientMain.OPTIONS, ClientCommand.implementations(),
                CollapseCommand.OPTIONS, RpcMain.OPTIONS, RpcCommand.implementations(), ReportCommand.OPTIONS,
                FaultsCommand.OPTIONS);
    }
}
