package dev.brisk.benchmarks.faults;

import dev.brisk.benchmarks.client.CommandArgs;
import org.apache.zookeeper.server.ServerConfig;
import org.apache.zookeeper.server.ZooKeeperServerMain;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code faults zookeeper --port N --data-dir DIR}: a standalone ZooKeeper server, ZooKeeper's own
 * {@link ZooKeeperServerMain}, in a process of its own so that it can be stopped and killed like a real one. The data
 * directory survives the process: a server started again on it knows the sessions and nodes of the one before (the
 * providers' ephemeral nodes included, until their sessions expire). Prints {@code listening on N} once it accepts
 * connections; runs until killed.
 */
final class StandaloneZooKeeper {

    private static final int TICK_MILLIS = 2000;
    private static final int MAX_CLIENT_CONNECTIONS = 100;

    private StandaloneZooKeeper() {
    }

    static void run(String[] args) throws Exception {
        CommandArgs arguments = new CommandArgs("faults zookeeper", args);
        int port = 0;
        Path dataDir = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--port" -> port = arguments.number(++i);
                case "--data-dir" -> dataDir = Path.of(arguments.value(++i));
                default -> throw new IllegalArgumentException("faults zookeeper: unknown option " + args[i]);
            }
        }
        if (port <= 0 || dataDir == null) {
            throw new IllegalArgumentException("faults zookeeper: --port and --data-dir are required");
        }
        ConsoleLogging.warningsToStandardError();
        // no admin web server (it needs Jetty) and no JMX beans: a bare server
        System.setProperty("zookeeper.admin.enableServer", "false");
        System.setProperty("zookeeper.jmx.log4j.disable", "true");
        Files.createDirectories(dataDir);
        ServerConfig config = new ServerConfig();
        config.parse(new String[] {Integer.toString(port), dataDir.toString(), Integer.toString(TICK_MILLIS),
            Integer.toString(MAX_CLIENT_CONNECTIONS)});
        int listening = port;
        Thread announcer = new Thread(() -> announceWhenListening(listening), "zookeeper-announcer");
        announcer.setDaemon(true);
        announcer.start();
        try {
            new ZooKeeperServerMain().runFromConfig(config);
            System.err.println("ZooKeeper server stopped");
        } catch (Exception | Error e) {
            e.printStackTrace();
        }
        System.exit(1);   // the server's own threads would keep a failed process alive
    }

    private static void announceWhenListening(int port) {
        while (true) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
                System.out.println("listening on " + port);
                System.out.flush();
                return;
            } catch (IOException notYet) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }
}
