package dev.brisk.benchmarks.faults;

import java.util.Arrays;

/**
 * {@code faults zookeeper|provider|consumer ...}: the processes of the RPC fault runs ({@code bench/rpc-faults.sh}), a
 * standalone ZooKeeper server, order-service providers registered in it, and a consumer calling them at a fixed
 * rate while the script stops, kills, restarts and adds processes.
 */
public final class FaultsCommand {

    /** The options part of the usage text. */
    public static final String OPTIONS = """
            zookeeper --port N --data-dir DIR
                  | provider --port N --zookeeper HOST:PORT --calls FILE [--version V] [--weight W] [--v2]
                  | consumer --zookeeper HOST:PORT [--rate CALLS_PER_S] [--threads T] [--providers N]
                             [--duration SECONDS] [--v2-when FILE]""";

    private FaultsCommand() {
    }

    /**
     * Runs the process {@code args[0]} names until it is stopped (or, for a consumer with a duration, until then).
     *
     * @throws IllegalArgumentException for an unknown process or option, with a message saying which
     */
    public static void run(String[] args) throws Exception {
        if (args.length == 0) {
            throw new IllegalArgumentException("faults: zookeeper, provider or consumer?");
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        switch (args[0]) {
            case "zookeeper" -> StandaloneZooKeeper.run(rest);
            case "provider" -> ProviderCommand.run(rest);
            case "consumer" -> ConsumerCommand.run(rest);
            default -> throw new IllegalArgumentException("faults: unknown process " + args[0]
                    + "; one of zookeeper, provider, consumer");
        }
    }
}
