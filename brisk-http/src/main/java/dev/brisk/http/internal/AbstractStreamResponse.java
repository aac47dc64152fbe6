package dev.brisk.http.internal;

import dev.brisk.http.common.wire.ArrayHeaders;
import io.netty.channel.Channel;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.Headers;
import io.netty.util.AsciiString;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

/**
 * What a response on one stream of an HTTP/2 or HTTP/3 connection shares: its head and trailers are field sections
 * ({@code H}, Netty's {@code Http2Headers} or {@code Http3Headers}) of lower-case names without the connection-specific
 * fields those protocols forbid, its head carries {@code :status}, {@code content-length} when known, {@code date} and
 * the server's {@code server} field, and every write is followed up (a promise even where nobody waits). Subclasses
 * frame the fields and bytes for their protocol.
 *
 * @param <H> the field section type of the protocol
 */
public abstract class AbstractStreamResponse<H extends Headers<CharSequence, CharSequence, H>>
        extends AbstractServerResponse {

    private static final AsciiString STATUS = AsciiString.cached(":status");
    private static final AsciiString DATE = AsciiString.cached("date");
    private static final AsciiString SERVER = AsciiString.cached("server");

    protected final ServerContext server;

    protected AbstractStreamResponse(Channel channel, ServerContext server, boolean headRequest) {
        super(channel, headRequest);
        this.server = server;
    }

    /** An empty field section of the protocol, with room for {@code size} fields. */
    protected abstract H newFields(int size);

    /**
     * The head: {@code :status}, the response's fields, {@code content-length} when {@code contentLength} is not
     * negative and the application set none, {@code date}, and {@code server} when the server names itself.
     */
    protected final H head(long contentLength) {
        H fields = newFields(headers.size() + 3);
        fields.set(STATUS, AsciiString.of(Integer.toString(status)));
        copy(headers, fields);
        if (contentLength >= 0 && !fields.contains(CONTENT_LENGTH)) {
            fields.setLong(CONTENT_LENGTH, contentLength);
        }
        fields.set(DATE, DateHeader.value());
        server.options().serverHeader().ifPresent(value -> fields.set(SERVER, value));
        return fields;
    }

    /** The trailer section: the response's trailers, as the head's fields are copied. */
    protected final H trailerFields(ArrayHeaders trailers) {
        H fields = newFields(trailers.size());
        copy(trailers, fields);
        return fields;
    }

    @Override
    protected void writeFile(Path file, long offset, long length, CompletableFuture<Void> result) {
        FileStreamer.start(this, file, offset, length, result);
    }

    /** Always a real promise: the stream's end, flow-control waits and resets follow the last write. */
    @Override
    protected ChannelPromise lastWritePromise(boolean closeAfter) {
        ChannelPromise promise = super.lastWritePromise(closeAfter);
        return promise.isVoid() ? channel.newPromise() : promise;
    }

    private static <H extends Headers<CharSequence, CharSequence, H>> void copy(ArrayHeaders from, H to) {
        for (int i = 0; i < from.size(); i++) {
            CharSequence name = from.nameAt(i);
            if (isConnectionSpecific(name)) {
                continue;
            }
            to.add(AsciiString.of(name).toLowerCase(), from.valueAt(i));
        }
    }

    /** Fields that HTTP/2 and HTTP/3 forbid (RFC 9113 section 8.2.2, RFC 9114 section 4.2), in any letter case. */
    public static boolean isConnectionSpecific(CharSequence name) {
        return AsciiString.contentEqualsIgnoreCase(name, "connection")
                || AsciiString.contentEqualsIgnoreCase(name, "transfer-encoding")
                || AsciiString.contentEqualsIgnoreCase(name, "keep-alive")
                || AsciiString.contentEqualsIgnoreCase(name, "proxy-connection")
                || AsciiString.contentEqualsIgnoreCase(name, "upgrade");
    }
}
