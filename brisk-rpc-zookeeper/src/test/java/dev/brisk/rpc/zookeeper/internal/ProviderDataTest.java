package dev.brisk.rpc.zookeeper.internal;

import dev.brisk.rpc.spi.ProviderInfo;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The provider node encoding: round trips, defaults, tolerance of unknown fields, clear errors. */
class ProviderDataTest {

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void roundTripsEveryComponent() {
        ProviderInfo provider = new ProviderInfo("com.example.Api$Inner", "10.0.0.7", 9000, 42, "2.1-beta&x",
                Map.of("zone", "eu=1", "tags", "a,b %c", "ü", "ß\n"));
        byte[] data = ProviderData.encode(provider);
        assertThat(ProviderData.decode(provider.service(), ProviderData.nodeName(provider), data)).isEqualTo(provider);
        assertThat(new String(data, StandardCharsets.UTF_8)).startsWith("v=1&weight=42&version=2.1-beta%26x&meta.");
    }

    @Test
    void theGroupRoundTripsAfterTheVersion() {
        ProviderInfo provider = new ProviderInfo("s", "h", 1, 100, "2.0.0", Map.of("zone", "z"), "canary eu");
        byte[] data = ProviderData.encode(provider);
        assertThat(new String(data, StandardCharsets.UTF_8))
                .isEqualTo("v=1&weight=100&version=2.0.0&group=canary+eu&meta.zone=z");
        assertThat(ProviderData.decode("s", "h:1", data)).isEqualTo(provider);
        assertThat(ProviderData.decode("s", "h:1", bytes("group=eu")).group()).isEqualTo("eu");
    }

    @Test
    void writesTheDefaultsCompactly() {
        ProviderInfo provider = ProviderInfo.of("s", "h", 1);
        assertThat(new String(ProviderData.encode(provider), StandardCharsets.UTF_8)).isEqualTo("v=1&weight=100");
        assertThat(ProviderData.decode("s", "h:1", ProviderData.encode(provider))).isEqualTo(provider);
    }

    @Test
    void ipv6AddressesRoundTrip() {
        ProviderInfo provider = ProviderInfo.of("s", "::1", 8080);
        assertThat(ProviderData.nodeName(provider)).isEqualTo("[::1]:8080");
        assertThat(ProviderData.decode("s", "[::1]:8080", ProviderData.encode(provider))).isEqualTo(provider);
    }

    @Test
    void unknownFieldsAreIgnoredAndMissingOnesDefault() {
        assertThat(ProviderData.decode("s", "h:1", bytes("weight=7&future=yes&meta.zone=z&meta.=x&extra.k=v")))
                .isEqualTo(new ProviderInfo("s", "h", 1, 7, "", Map.of("zone", "z")));
        assertThat(ProviderData.decode("s", "h:1", new byte[0])).isEqualTo(ProviderInfo.of("s", "h", 1));
        assertThat(ProviderData.decode("s", "h:1", null)).isEqualTo(ProviderInfo.of("s", "h", 1));
    }

    @Test
    void unreadableDataIsRefusedWithTheReason() {
        assertThatThrownBy(() -> ProviderData.decode("s", "h:1", bytes("v=2&weight=1")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unsupported provider data format v=2");
        assertThatThrownBy(() -> ProviderData.decode("s", "h:1", bytes("not a provider")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("found 'not a provider'");
        assertThatThrownBy(() -> ProviderData.decode("s", "h:1", bytes("weight=heavy")))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("weight must be a number: 'heavy'");
        assertThatThrownBy(() -> ProviderData.decode("s", "h:1", bytes("weight=0")))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("weight must be positive: 0");
        assertThatThrownBy(() -> ProviderData.decode("s", "h:1", bytes("v=1&v=1")))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("key 'v' appears twice");
        assertThatThrownBy(() -> ProviderData.decode("s", "h:1", bytes("meta.a=%zz")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ProviderData.decode("s", "nohost", bytes("")))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("node name must be host:port: 'nohost'");
        assertThatThrownBy(() -> ProviderData.decode("s", "h:http", bytes("")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("port must be a number");
        assertThatThrownBy(() -> ProviderData.decode("s", "h:70000", bytes("")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[1, 65535]");
    }

    @Test
    void pathsFollowTheLayoutAndRefuseNamesZooKeeperCannotHold() {
        RegistryPaths paths = new RegistryPaths("brisk");
        assertThat(paths.providers("com.example.Api")).isEqualTo("/brisk/services/com.example.Api/providers");
        assertThat(paths.provider(ProviderInfo.of("com.example.Api", "10.0.0.1", 80)))
                .isEqualTo("/brisk/services/com.example.Api/providers/10.0.0.1:80");
        assertThatThrownBy(() -> paths.providers("a/b")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("service cannot be a ZooKeeper node name").hasMessageContaining("'a/b'");
        assertThatThrownBy(() -> paths.providers("..")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'..'");
    }
}
