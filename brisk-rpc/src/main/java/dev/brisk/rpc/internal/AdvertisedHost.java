package dev.brisk.rpc.internal;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The host a server bound to a wildcard address puts into the registry, so that other machines can reach it: the
 * address this machine's name resolves to, unless that is a loopback address (many hosts map their own name to
 * {@code 127.0.1.1} or {@code 127.0.0.1} in {@code /etc/hosts}); then the first address of a network interface that is
 * up and not a loopback one, in the order the system lists them, IPv4 before IPv6 (link-local addresses left out).
 * Only a machine with no such interface advertises its loopback address, with a warning: no other machine can call it
 * then.
 */
public final class AdvertisedHost {

    private static final System.Logger LOG = System.getLogger(AdvertisedHost.class.getName());

    private static final Comparator<InetAddress> PREFERRED = Comparator.comparingInt(AdvertisedHost::rank);

    private AdvertisedHost() {
    }

    /** The host to advertise for a server bound to {@code boundHost}: itself unless it is a wildcard address. */
    public static String of(String boundHost) {
        try {
            if (!InetAddress.getByName(boundHost).isAnyLocalAddress()) {
                return boundHost;
            }
        } catch (UnknownHostException e) {
            return boundHost;
        }
        InetAddress chosen = choose(namedAddress(), interfaceAddresses());
        if (!reachesOtherMachines(chosen)) {
            LOG.log(System.Logger.Level.WARNING, "No network interface of this machine reaches other machines:"
                    + " registering " + chosen.getHostAddress() + ", which only this machine can call; set"
                    + " RpcServerOptions.advertisedHost (brisk.rpc.server.advertised-host) to the address to register");
        }
        return text(chosen);
    }

    /**
     * The address to advertise: {@code named} (what this machine's name resolves to, null if it does not) when other
     * machines can reach it, else the preferred of {@code candidates} (the addresses of the interfaces that are up, in
     * their order) that can, else {@code named} or the loopback address.
     */
    public static InetAddress choose(InetAddress named, List<InetAddress> candidates) {
        if (named != null && reachesOtherMachines(named)) {
            return named;
        }
        return candidates.stream().filter(AdvertisedHost::reachesOtherMachines).min(PREFERRED)
                .orElse(named != null ? named : InetAddress.getLoopbackAddress());
    }

    private static boolean reachesOtherMachines(InetAddress address) {
        return !address.isLoopbackAddress() && !address.isAnyLocalAddress() && !address.isLinkLocalAddress()
                && !address.isMulticastAddress();
    }

    private static int rank(InetAddress address) {
        return address instanceof Inet4Address ? 0 : 1;
    }

    /** IPv4 as is; IPv6 without a scope ({@code %eth0}), which means nothing on another machine. */
    private static String text(InetAddress address) {
        String text = address.getHostAddress();
        int scope = text.indexOf('%');
        return scope < 0 ? text : text.substring(0, scope);
    }

    private static InetAddress namedAddress() {
        try {
            return InetAddress.getLocalHost();
        } catch (UnknownHostException e) {
            return null;
        }
    }

    private static List<InetAddress> interfaceAddresses() {
        List<InetAddress> addresses = new ArrayList<>();
        try {
            for (NetworkInterface network : NetworkInterface.networkInterfaces().toList()) {
                if (network.isUp() && !network.isLoopback() && !network.isVirtual()) {
                    network.inetAddresses().forEach(addresses::add);
                }
            }
        } catch (SocketException e) {
            LOG.log(System.Logger.Level.DEBUG, "Cannot list the network interfaces", e);
        }
        return addresses;
    }
}
