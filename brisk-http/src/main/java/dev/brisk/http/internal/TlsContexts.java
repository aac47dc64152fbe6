package dev.brisk.http.internal;

import dev.brisk.http.Http2Options;
import dev.brisk.http.TlsOptions;
import io.netty.handler.codec.http2.Http2SecurityUtil;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.SupportedCipherSuiteFilter;

import java.io.InputStream;
import java.nio.file.Files;
import java.security.KeyStore;
import javax.net.ssl.KeyManagerFactory;

/** Builds the server's Netty {@link SslContext} from {@link TlsOptions}, with ALPN for h2 and http/1.1. */
public final class TlsContexts {

    private TlsContexts() {
    }

    public static SslContext server(TlsOptions tls, Http2Options http2) {
        try {
            SslContextBuilder builder;
            if (tls.certChainFile() != null) {
                builder = SslContextBuilder.forServer(tls.certChainFile().toFile(), tls.keyFile().toFile(),
                        tls.keyPassword());
            } else if (tls.keyStoreFile() != null) {
                KeyStore keyStore = KeyStore.getInstance("PKCS12");
                char[] password = tls.keyStorePassword();
                try (InputStream in = Files.newInputStream(tls.keyStoreFile())) {
                    keyStore.load(in, password);
                }
                KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                kmf.init(keyStore, password);
                builder = SslContextBuilder.forServer(kmf);
            } else {
                builder = SslContextBuilder.forServer(tls.key(), tls.chain());
            }
            SslProvider provider = provider(tls.provider());
            builder.sslProvider(provider);
            if (http2.enabled()) {
                builder.ciphers(Http2SecurityUtil.CIPHERS, SupportedCipherSuiteFilter.INSTANCE);
            }
            builder.applicationProtocolConfig(new ApplicationProtocolConfig(
                    ApplicationProtocolConfig.Protocol.ALPN,
                    ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                    ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                    http2.enabled()
                            ? new String[] {ApplicationProtocolNames.HTTP_2, ApplicationProtocolNames.HTTP_1_1}
                            : new String[] {ApplicationProtocolNames.HTTP_1_1}));
            return builder.build();
        } catch (Exception e) {
            throw new IllegalStateException("cannot set up TLS from " + tls + ": " + e.getMessage(), e);
        }
    }

    private static SslProvider provider(TlsOptions.Provider wanted) {
        return switch (wanted) {
            case JDK -> SslProvider.JDK;
            case OPENSSL -> {
                if (!openSslAvailable()) {
                    throw new IllegalStateException("OpenSSL requested but netty-tcnative is not usable: "
                            + OpenSsl.unavailabilityCause());
                }
                yield SslProvider.OPENSSL;
            }
            case AUTO -> openSslAvailable() ? SslProvider.OPENSSL : SslProvider.JDK;
        };
    }

    private static boolean openSslAvailable() {
        try {
            return OpenSsl.isAvailable() && SslProvider.isAlpnSupported(SslProvider.OPENSSL);
        } catch (Throwable t) {
            return false;
        }
    }
}
