package dev.brisk.rpc.zookeeper.internal;

import org.apache.zookeeper.client.ConnectStringParser;

import java.util.ArrayList;
import java.util.List;

/**
 * Checks a ZooKeeper connect string ({@code host:port} pairs separated by commas, an optional {@code /chroot} after
 * the last) before a client is made of it: ZooKeeper's client refuses a malformed one only once Curator has started,
 * in a background loop that retries until the stack overflows. A registry URL written as for another framework
 * ({@code zookeeper://10.0.0.7:2181?backup=10.0.0.8:2181}) is refused with the connect string it stands for.
 */
public final class ConnectStrings {

    private static final String SCHEME_END = "://";

    private ConnectStrings() {
    }

    /** Fails, with a message starting {@code connectString}, when {@code connectString} is no connect string. */
    public static void check(String connectString) {
        int scheme = connectString.indexOf(SCHEME_END);
        if (scheme >= 0) {
            throw new IllegalArgumentException("connectString is host:port pairs separated by commas, not a URL: '"
                    + connectString + "'; write '" + fromUrl(connectString.substring(scheme + SCHEME_END.length()))
                    + "'");
        }
        try {
            new ConnectStringParser(connectString);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("connectString must be host:port pairs separated by commas, with an"
                    + " optional /chroot after the last: '" + connectString + "' (" + e.getMessage() + ")", e);
        }
    }

    /** The hosts of a URL's authority, then those of its {@code backup} parameter. */
    private static String fromUrl(String afterScheme) {
        int query = afterScheme.indexOf('?');
        String authority = query < 0 ? afterScheme : afterScheme.substring(0, query);
        int path = authority.indexOf('/');
        List<String> hosts = new ArrayList<>();
        hosts.add(path < 0 ? authority : authority.substring(0, path));
        if (query >= 0) {
            for (String parameter : afterScheme.substring(query + 1).split("&")) {
                if (parameter.startsWith("backup=")) {
                    hosts.add(parameter.substring("backup=".length()));
                }
            }
        }
        return String.join(",", hosts);
    }
}
