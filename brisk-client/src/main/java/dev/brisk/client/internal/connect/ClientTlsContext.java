package dev.brisk.client.internal.connect;

import dev.brisk.client.ProtocolPolicy;
import dev.brisk.transport.TlsContexts;
import dev.brisk.transport.TlsOptions;
import io.netty.handler.codec.http2.Http2SecurityUtil;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;

import java.util.ArrayList;
import java.util.List;

/** The client's TLS context: {@link TlsContexts#forClient} with the ALPN protocols the policy allows. */
public final class ClientTlsContext {

    private ClientTlsContext() {
    }

    public static SslContext create(TlsOptions tls, ProtocolPolicy protocol) {
        List<String> alpn = new ArrayList<>(2);
        if (protocol != ProtocolPolicy.HTTP_1_1) {
            alpn.add(ApplicationProtocolNames.HTTP_2);
        }
        if (protocol != ProtocolPolicy.H2) {
            alpn.add(ApplicationProtocolNames.HTTP_1_1);
        }
        // HTTP/2 forbids the weaker suites (RFC 9113 9.2.2): keep to the ones it allows when h2 may be agreed
        List<String> ciphers = protocol == ProtocolPolicy.HTTP_1_1 ? List.of() : Http2SecurityUtil.CIPHERS;
        return TlsContexts.forClient(tls, alpn, ciphers);
    }
}
