package dev.brisk.rpc.internal;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Which address a server bound to every interface advertises, from what the machine's name and interfaces say. */
class AdvertisedHostChoiceTest {

    @Test
    void theNamedAddressWinsWhenOtherMachinesReachIt() throws UnknownHostException {
        assertThat(AdvertisedHost.choose(ip("10.1.2.3"), List.of(ip("192.168.0.9")))).isEqualTo(ip("10.1.2.3"));
    }

    @Test
    void aNameMappedToLoopbackGivesWayToAnInterfaceAddress() throws UnknownHostException {
        assertThat(AdvertisedHost.choose(ip("127.0.1.1"), List.of(ip("fe80::1"), ip("2001:db8::7"),
                ip("169.254.0.3"), ip("192.0.2.2"), ip("10.0.0.7")))).isEqualTo(ip("192.0.2.2"));
        assertThat(AdvertisedHost.choose(null, List.of(ip("fe80::1"), ip("2001:db8::7"))))
                .isEqualTo(ip("2001:db8::7"));
    }

    @Test
    void interfacesKeepTheirOrderAmongAddressesOfOneFamily() throws UnknownHostException {
        assertThat(AdvertisedHost.choose(ip("127.0.1.1"), List.of(ip("2001:db8::7"), ip("10.0.0.7"),
                ip("172.17.0.1")))).isEqualTo(ip("10.0.0.7"));
        assertThat(AdvertisedHost.choose(ip("127.0.1.1"), List.of(ip("172.17.0.1"), ip("10.0.0.7"))))
                .isEqualTo(ip("172.17.0.1"));
    }

    @Test
    void withNoInterfaceOtherMachinesReachTheLoopbackAddressIsAllThereIs() throws UnknownHostException {
        assertThat(AdvertisedHost.choose(ip("127.0.1.1"), List.of(ip("fe80::1")))).isEqualTo(ip("127.0.1.1"));
        assertThat(AdvertisedHost.choose(null, List.of())).isEqualTo(InetAddress.getLoopbackAddress());
    }

    @Test
    void aServerBoundToOneAddressAdvertisesIt() {
        assertThat(AdvertisedHost.of("127.0.0.1")).isEqualTo("127.0.0.1");
        assertThat(AdvertisedHost.of("localhost")).isEqualTo("localhost");
    }

    private static InetAddress ip(String literal) throws UnknownHostException {
        return InetAddress.getByName(literal);
    }
}
