package dev.brisk.rest.internal.protect;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CidrTest {

    @Test
    void ipv4Ranges() {
        Cidr range = Cidr.parse("10.0.0.0/8");
        assertThat(range.contains(Cidr.address("10.200.3.4"))).isTrue();
        assertThat(range.contains(Cidr.address("11.0.0.1"))).isFalse();
        assertThat(Cidr.parse("192.168.1.7").contains(Cidr.address("192.168.1.7"))).isTrue();
        assertThat(Cidr.parse("192.168.1.7").contains(Cidr.address("192.168.1.8"))).isFalse();
        assertThat(Cidr.parse("192.168.1.0/25").contains(Cidr.address("192.168.1.127"))).isTrue();
        assertThat(Cidr.parse("192.168.1.0/25").contains(Cidr.address("192.168.1.128"))).isFalse();
        assertThat(Cidr.parse("0.0.0.0/0").contains(Cidr.address("8.8.8.8"))).isTrue();
        assertThat(Cidr.parse("10.1.2.3/8")).hasToString("10.0.0.0/8");
    }

    @Test
    void ipv6Ranges() {
        Cidr range = Cidr.parse("2001:db8::/32");
        assertThat(range.contains(Cidr.address("2001:db8:cafe::17"))).isTrue();
        assertThat(range.contains(Cidr.address("[2001:db8::1]"))).isTrue();
        assertThat(range.contains(Cidr.address("2001:db9::1"))).isFalse();
        assertThat(range.contains(Cidr.address("10.0.0.1"))).isFalse();
        assertThat(Cidr.parse("::1").contains(Cidr.address("0:0:0:0:0:0:0:1"))).isTrue();
        assertThat(Cidr.parse("fe80::/10").contains(Cidr.address("fe80::1%eth0"))).isTrue();
    }

    @Test
    void ipv4MappedAddressesAreTheirIpv4Address() {
        assertThat(Cidr.parse("10.0.0.0/8").contains(Cidr.address("::ffff:10.1.2.3"))).isTrue();
        assertThat(Cidr.parse("::ffff:10.0.0.0/104").contains(Cidr.address("10.9.9.9"))).isTrue();
    }

    @Test
    void literalsOnlyNeverNames() {
        assertThat(Cidr.address("localhost")).isNull();
        assertThat(Cidr.address("unknown")).isNull();
        assertThatThrownBy(() -> Cidr.parse("example.com/8"))
                .hasMessage("not an IP address or CIDR range: 'example.com/8'");
        assertThatThrownBy(() -> Cidr.parse("10.0.0.0/33")).hasMessage("prefix length out of range in '10.0.0.0/33'");
        assertThatThrownBy(() -> Cidr.parse("10.0.0.0/x")).hasMessage("not an IP address or CIDR range: '10.0.0.0/x'");
    }

    @Test
    void forwardedNodesLoseTheirPorts() {
        assertThat(ClientAddresses.hostOf("[2001:db8::1]:4711")).isEqualTo("2001:db8::1");
        assertThat(ClientAddresses.hostOf("192.0.2.1:80")).isEqualTo("192.0.2.1");
        assertThat(ClientAddresses.hostOf("2001:db8::1")).isEqualTo("2001:db8::1");
        assertThat(ClientAddresses.hostOf("_hidden")).isEqualTo("_hidden");
    }
}
