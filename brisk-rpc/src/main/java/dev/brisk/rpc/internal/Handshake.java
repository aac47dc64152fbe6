package dev.brisk.rpc.internal;

import io.netty.buffer.ByteBuf;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The hello exchange. The client's hello carries its protocol version; the server's answer carries the version and
 * its table: for each service its name and id, for each method its signature and id. The client looks its own methods
 * up by name and signature, so ids are the server's business and survive reconnects and differing versions.
 */
public final class Handshake {

    /**
     * Feature bit of the server's hello: requests may carry the caller's wall-clock deadline
     * ({@link Frames#FLAG_WALL_CLOCK_DEADLINE}), which the server honours.
     */
    public static final int FEATURE_WALL_CLOCK_DEADLINE = 1;

    /**
     * Feature bit of the server's hello: the features are followed by the server's labels, {@code string version,
     * string group} (each empty when not set), which clients select providers by.
     */
    public static final int FEATURE_LABELS = 2;

    private Handshake() {
    }

    /**
     * Writes the server's table: {@code int version, int services, {string name, int id, int methods, {string
     * signature, int id}}, int features}, then its labels ({@link #FEATURE_LABELS}, always offered). Clients that
     * predate the features read the table and ignore what follows it.
     */
    public static void writeTable(ByteBuf out, List<ServerService> services, int features, String version,
                                  String group) {
        out.writeInt(Frames.PROTOCOL_VERSION);
        out.writeInt(services.size());
        for (ServerService service : services) {
            Frames.writeString(out, service.model().name());
            out.writeInt(service.id());
            List<MethodInvoker> invokers = service.invokers();
            out.writeInt(invokers.size());
            for (MethodInvoker invoker : invokers) {
                Frames.writeString(out, invoker.model().signature());
                out.writeInt(invoker.methodId());
            }
        }
        out.writeInt(features | FEATURE_LABELS);
        Frames.writeString(out, version);
        Frames.writeString(out, group);
    }

    /** Reads a server's table into {@code "service#signature" -> serviceId << 32 | methodId}. */
    public static Map<String, Long> readTable(ByteBuf in) {
        int version = in.readInt();
        if (version != Frames.PROTOCOL_VERSION) {
            throw new IllegalStateException("server speaks protocol version " + version + ", this client "
                    + Frames.PROTOCOL_VERSION);
        }
        int serviceCount = in.readInt();
        Map<String, Long> table = new HashMap<>();
        for (int s = 0; s < serviceCount; s++) {
            String name = Frames.readString(in);
            long serviceId = in.readInt();
            int methodCount = in.readInt();
            for (int m = 0; m < methodCount; m++) {
                String signature = Frames.readString(in);
                int methodId = in.readInt();
                table.put(key(name, signature), serviceId << 32 | (methodId & 0xFFFFFFFFL));
            }
            table.put(name, -1L);
        }
        return Map.copyOf(table);
    }

    /**
     * The feature bits that follow the table {@link #readTable} read; 0 from a server that predates them (its hello ends
     * with the table).
     */
    public static int readFeatures(ByteBuf in) {
        return in.readableBytes() >= 4 ? in.readInt() : 0;
    }

    /**
     * The server's labels, {@code {version, group}}, that follow the features {@link #readFeatures} read;
     * {@code null} when {@code features} does not offer them (a server that predates them).
     */
    public static String[] readLabels(ByteBuf in, int features) {
        if ((features & FEATURE_LABELS) == 0) {
            return null;
        }
        String version = Frames.readString(in);
        String group = Frames.readString(in);
        return new String[] {version == null ? "" : version, group == null ? "" : group};
    }

    public static String key(String service, String signature) {
        return service + '#' + signature;
    }
}
