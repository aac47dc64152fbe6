package dev.brisk.benchmarks.faults;

import dev.brisk.benchmarks.client.CommandArgs;
import dev.brisk.benchmarks.faults.shop.OrderService;
import dev.brisk.benchmarks.faults.shop.OrderServiceV2;
import dev.brisk.rpc.RpcClient;
import dev.brisk.rpc.spi.ProviderInfo;
import dev.brisk.rpc.zookeeper.ZooKeeperRegistry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

/**
 * {@code faults consumer --zookeeper HOST:PORT [--rate 200] [--threads 50] [--providers 2] [--duration SECONDS]
 * [--v2-when FILE]}: an {@link RpcClient} with the default options that finds the order service's providers in
 * ZooKeeper, waits for {@code --providers} of them ({@link RpcClient#awaitProviders}), warms up
 * ({@link PacedLoad#warmUp}), prints {@code ready}, then calls them at the fixed rate ({@link PacedLoad}, the
 * {@link CallMix}) and prints a line a second ({@link Tally#nextSecond}). While the file {@code --v2-when} exists, one
 * call in ten is of the method only {@link OrderServiceV2} providers have. Also prints each set of providers the
 * registry reports ({@code providers at=EPOCH_MS host:port/version,...}). Runs for the duration, or until SIGTERM;
 * then prints the summary line.
 */
final class ConsumerCommand {

    private static final int STOP_SECONDS = 10;
    private static final int WARM_UP_CALLS = 2000;

    private ConsumerCommand() {
    }

    static void run(String[] args) throws Exception {
        CommandArgs arguments = new CommandArgs("faults consumer", args);
        String zookeeper = null;
        int rate = 200;
        int threads = 50;
        int providers = 2;
        Duration duration = null;
        Path v2When = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--zookeeper" -> zookeeper = arguments.value(++i);
                case "--rate" -> rate = arguments.number(++i);
                case "--threads" -> threads = arguments.number(++i);
                case "--providers" -> providers = arguments.number(++i);
                case "--duration" -> duration = arguments.seconds(++i);
                case "--v2-when" -> v2When = Path.of(arguments.value(++i));
                default -> throw new IllegalArgumentException("faults consumer: unknown option " + args[i]);
            }
        }
        if (zookeeper == null) {
            throw new IllegalArgumentException("faults consumer: --zookeeper is required");
        }
        if (rate <= 0 || threads <= 0) {
            throw new IllegalArgumentException("faults consumer: --rate and --threads must be positive");
        }
        ConsoleLogging.warningsToStandardError();
        ZooKeeperRegistry registry = ZooKeeperRegistry.builder().connectString(zookeeper).build();
        registry.subscribe(OrderService.NAME, ConsumerCommand::printProviders);
        RpcClient client = RpcClient.builder().registry(registry).build();
        client.awaitProviders(OrderServiceV2.class, providers, Duration.ofSeconds(60));
        Tally tally = new Tally();
        V2Switch v2 = new V2Switch(v2When);
        PacedLoad load = new PacedLoad(new CallMix(client.proxy(OrderServiceV2.class)), tally, threads, v2);
        long warmUpStart = System.nanoTime();
        int warmUpFailures = load.warmUp(WARM_UP_CALLS);
        System.out.println("ready: " + providers + " providers, " + WARM_UP_CALLS + " warm-up calls in "
                + (System.nanoTime() - warmUpStart) / 1_000_000 + " ms, " + warmUpFailures + " failed");
        System.out.flush();
        ScheduledExecutorService reporter = Executors.newSingleThreadScheduledExecutor(runnable ->
                new Thread(runnable, "reporter"));
        AtomicInteger seconds = new AtomicInteger();
        reporter.scheduleAtFixedRate(() -> {
            v2.check();
            System.out.println(tally.nextSecond(seconds.incrementAndGet()));
            System.out.flush();
        }, 1, 1, TimeUnit.SECONDS);
        load.start(rate);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                load.stop(STOP_SECONDS);
                reporter.shutdown();
                reporter.awaitTermination(STOP_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            System.out.println(tally.nextSecond(seconds.incrementAndGet()));
            System.out.println(tally.summary());
            System.out.flush();
            client.close();
            registry.close();
        }, "consumer-shutdown"));
        if (duration != null) {
            Thread.sleep(duration.toMillis());
            System.exit(0);
        }
        Thread.currentThread().join();
    }

    /** Prints what the registry says: {@code providers at=EPOCH_MS host:port/version,...} ({@code -} for none). */
    private static void printProviders(List<ProviderInfo> providers) {
        String listed = providers.stream().map(p -> p.address() + "/" + p.version()).sorted()
                .collect(Collectors.joining(","));
        System.out.println("providers at=" + System.currentTimeMillis() + " " + (listed.isEmpty() ? "-" : listed));
        System.out.flush();
    }

    /** Whether the second version's method is called: while a file exists, looked at once a second. */
    private static final class V2Switch implements BooleanSupplier {

        private final Path file;
        private volatile boolean on;

        V2Switch(Path file) {
            this.file = file;
        }

        void check() {
            on = file != null && Files.exists(file);
        }

        @Override
        public boolean getAsBoolean() {
            return on;
        }
    }
}
