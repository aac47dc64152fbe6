package dev.brisk.rpc;

import dev.brisk.rpc.spi.ProviderInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The address a server puts into the registry, and a client calling it there over a real connection: a server on
 * every interface registers one that other machines reach even where this machine's name resolves to a loopback
 * address (as on this kind of host: {@code 127.0.1.1 myhost} in {@code /etc/hosts}).
 */
class AdvertisedHostTest {

    private final StaticRegistry registry = StaticRegistry.create();
    private RpcServer server;
    private RpcClient client;

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.closeNow();
        }
    }

    @Test
    void aServerOnEveryInterfaceRegistersAnAddressOtherMachinesReach() throws Exception {
        Set<String> reachable = addressesOtherMachinesReach();
        assumeTrue(!reachable.isEmpty(), "this machine has no interface other machines reach");

        server = RpcServer.builder().port(0).registry(registry).service(Named.class, Named.as("p1")).start();

        ProviderInfo provider = registered();
        assertThat(InetAddress.getByName(provider.host()).isLoopbackAddress())
                .as("registered %s", provider.host()).isFalse();
        assertThat(reachable).contains(provider.host());
        assertThat(provider.port()).isEqualTo(server.port());
        assertThat(callThroughTheRegistry()).isEqualTo("p1");
    }

    @Test
    void aServerBoundToOneAddressRegistersThatAddress() {
        server = RpcServer.builder().host("127.0.0.1").port(0).registry(registry)
                .service(Named.class, Named.as("p1")).start();

        assertThat(registered().host()).isEqualTo("127.0.0.1");
        assertThat(callThroughTheRegistry()).isEqualTo("p1");
    }

    @Test
    void anAdvertisedHostIsRegisteredAsGiven() {
        server = RpcServer.builder().port(0).registry(registry).options(o -> o.advertisedHost("localhost"))
                .service(Named.class, Named.as("p1")).start();

        assertThat(registered().host()).isEqualTo("localhost");
        assertThat(callThroughTheRegistry()).isEqualTo("p1");
    }

    private ProviderInfo registered() {
        List<ProviderInfo> providers = registry.providers(Named.class.getName());
        assertThat(providers).hasSize(1);
        return providers.get(0);
    }

    private String callThroughTheRegistry() {
        client = RpcClient.builder().registry(registry).build();
        client.awaitProviders(Named.class, 1, Duration.ofSeconds(10));
        return client.proxy(Named.class).name();
    }

    private static Set<String> addressesOtherMachinesReach() throws SocketException, UnknownHostException {
        Set<String> addresses = NetworkInterface.networkInterfaces().filter(AdvertisedHostTest::up)
                .flatMap(NetworkInterface::inetAddresses)
                .filter(a -> !a.isLoopbackAddress() && !a.isLinkLocalAddress() && !a.isMulticastAddress())
                .map(a -> a.getHostAddress().replaceFirst("%.*$", ""))
                .collect(Collectors.toSet());
        InetAddress named = InetAddress.getLocalHost();
        if (!named.isLoopbackAddress()) {
            addresses.add(named.getHostAddress());
        }
        return addresses;
    }

    private static boolean up(NetworkInterface network) {
        try {
            return network.isUp() && !network.isLoopback();
        } catch (SocketException e) {
            return false;
        }
    }
}
