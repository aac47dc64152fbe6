package dev.brisk.client.internal.http3;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class AltSvcTest {

    @Test
    void readsAnH3AlternativeOnTheSameHost() {
        assertThat(AltSvc.parse("h3=\":8443\"; ma=3600", "example.com")).isEqualTo(new AltSvc(8443, 3600));
        assertThat(AltSvc.parse("h3=\"example.com:443\"", "example.com"))
                .isEqualTo(new AltSvc(443, AltSvc.DEFAULT_MAX_AGE_SECONDS));
    }

    @Test
    void skipsOtherProtocolsAndHosts() {
        assertThat(AltSvc.parse("h2=\":443\", h3-29=\":443\", h3=\":444\"; ma=10", "a.test"))
                .isEqualTo(new AltSvc(444, 10));
        assertThat(AltSvc.parse("h3=\"other.test:443\"", "a.test")).isNull();
        assertThat(AltSvc.parse("h2=\":443\"", "a.test")).isNull();
    }

    @Test
    void readsClearAndRejectsNonsense() {
        assertThat(AltSvc.parse(" clear ", "a.test").clear()).isTrue();
        assertThat(AltSvc.parse("h3=\":notaport\"", "a.test")).isNull();
        assertThat(AltSvc.parse("h3=\":99999\"", "a.test")).isNull();
        assertThat(AltSvc.parse("h3=\":443\"; ma=soon", "a.test")).isNull();
        assertThat(AltSvc.parse("", "a.test")).isNull();
    }

    @Test
    void anAlternativeIsUsableUntilItExpiresOrBreaks() {
        AlternativeService alternative = new AlternativeService("a.test");
        long now = System.nanoTime();
        assertThat(alternative.usablePort(now)).isZero();
        alternative.advertised("h3=\":8443\"; ma=3600");
        assertThat(alternative.usablePort(System.nanoTime())).isEqualTo(8443);
        alternative.markBroken();
        assertThat(alternative.isBroken()).isTrue();
        assertThat(alternative.usablePort(System.nanoTime())).isZero();
        assertThat(alternative.usablePort(System.nanoTime() + AlternativeService.BROKEN_NANOS + 1)).isEqualTo(8443);
        alternative.advertised("clear");
        assertThat(alternative.usablePort(System.nanoTime())).isZero();
    }
}
