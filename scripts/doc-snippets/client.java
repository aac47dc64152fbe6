// dependency: dev.brisk:brisk-client
import java.security.cert.X509Certificate;
import java.nio.ByteBuffer;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;

// What the blocks of docs/client.md assume: a client, the application's types, values and helpers.
abstract class DocContext {
    record User(long id, String name) {}

    record Pet(String name, int age) {}

    BriskClient client;
    User newUser;
    String url;
    String id;
    String token;
    byte[] pngBytes;
    InputStream inputStream;
    Path target;
    Flow.Subscriber<ByteBuffer> subscriber;
    X509Certificate caCertificate;
    char[] password;
    ClientMetrics myMetrics;
    EncodeAdvice sign;

    abstract String token();

    abstract String hmac(byte[] bytes);

    abstract byte[] reverse(byte[] bytes);

    abstract byte[] stripEnvelope(byte[] body);
}
