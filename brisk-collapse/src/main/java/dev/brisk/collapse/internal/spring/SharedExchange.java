package dev.brisk.collapse.internal.spring;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.web.reactive.function.BodyExtractors;
import org.springframework.web.reactive.function.client.ClientResponse;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * What the callers of one request of a collapsing {@code ExchangeFilterFunction} share: its response with the body
 * read into memory, from which each caller gets a {@link ClientResponse} of its own; or the response itself, unread,
 * when it is not shared (it sets a cookie): that one goes to the caller that sent the request only.
 */
public final class SharedExchange {

    private static final byte[] EMPTY = new byte[0];

    private final ClientResponse response;
    private final HttpHeaders headers;
    private final byte[] body;

    private SharedExchange(ClientResponse response, HttpHeaders headers, byte[] body) {
        this.response = response;
        this.headers = headers;
        this.body = body;
    }

    /**
     * Reads {@code response} for sharing: its body whole into memory (more than {@code maxResponseSize} bytes fail
     * the request with {@code DataBufferLimitException}), its buffers released; a response that sets a cookie is
     * left unread, not to be shared.
     */
    static Mono<SharedExchange> read(ClientResponse response, int maxResponseSize) {
        HttpHeaders headers = response.headers().asHttpHeaders();
        if (SpringHeaders.setsCookie(headers)) {
            return Mono.just(new SharedExchange(response, headers, null));
        }
        return DataBufferUtils.join(response.body(BodyExtractors.toDataBuffers()), maxResponseSize)
                .map(SharedExchange::bytes)
                .defaultIfEmpty(EMPTY)
                .map(bytes -> new SharedExchange(response, HttpHeaders.copyOf(headers), bytes));
    }

    private static byte[] bytes(DataBuffer buffer) {
        try {
            byte[] bytes = new byte[buffer.readableByteCount()];
            buffer.read(bytes);
            return bytes;
        } finally {
            DataBufferUtils.release(buffer);
        }
    }

    /** Whether the response is in memory, for every caller. */
    boolean shared() {
        return body != null;
    }

    /** The response as it came, unread: for the caller that sent the request, when it is not {@link #shared()}. */
    ClientResponse original() {
        return response;
    }

    /**
     * A response of its own for one caller: status, a copy of the headers, the request that went out, and a body of
     * its own ({@code copy}: a copy of the bytes; else the bytes themselves, for a caller nobody shared them with).
     */
    ClientResponse newResponse(boolean copy) {
        HttpStatusCode status = response.statusCode();
        return ClientResponse.create(status, response.strategies())
                .headers(own -> own.addAll(headers))
                .request(response.request())
                .body(Flux.defer(() -> Flux.just(DefaultDataBufferFactory.sharedInstance
                        .wrap(copy ? body.clone() : body))))
                .build();
    }

    @Override
    public String toString() {
        return "SharedExchange[" + response.statusCode() + (shared() ? ", " + body.length + " bytes]"
                : ", not shared]");
    }
}
