package dev.brisk.collapse.internal.client;

import dev.brisk.client.HttpRequest;
import dev.brisk.client.HttpResponse;
import dev.brisk.client.TypeRef;
import dev.brisk.http.common.Headers;
import dev.brisk.http.common.Protocol;

import java.lang.reflect.Type;
import java.net.URI;

/**
 * One caller's response of a shared call: status, protocol, headers and trailers (read-only views of the shared
 * response, which no caller can change), and a body array of its own (copied when first asked for). Decoding reads
 * the shared bytes, which nobody can change, into new objects.
 */
final class CopiedResponse implements HttpResponse {

    private final HttpResponse shared;
    private final HttpRequest request;
    private byte[] body;

    CopiedResponse(HttpResponse shared, HttpRequest request) {
        this.shared = shared;
        this.request = request;
    }

    @Override
    public int status() {
        return shared.status();
    }

    @Override
    public Protocol protocol() {
        return shared.protocol();
    }

    @Override
    public Headers headers() {
        return shared.headers();
    }

    @Override
    public URI uri() {
        return shared.uri();
    }

    /** This caller's own request, unless the shared call was redirected: then the last request of that call. */
    @Override
    public HttpRequest request() {
        return shared.request().uri().equals(request.uri()) ? request : shared.request();
    }

    @Override
    public synchronized byte[] bodyAsBytes() {
        if (body == null) {
            body = shared.bodyAsBytes().clone();
        }
        return body;
    }

    @Override
    public String bodyAsString() {
        return shared.bodyAsString();
    }

    @Override
    public <T> T bodyAs(Class<T> type) {
        return type.cast(bodyAs((Type) type));
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T bodyAs(TypeRef<T> type) {
        return (T) bodyAs(type.type());
    }

    @Override
    public Object bodyAs(Type type) {
        if (type == byte[].class) {
            return bodyAsBytes();
        }
        return shared.bodyAs(type);
    }

    @Override
    public Headers trailers() {
        return shared.trailers();
    }

    @Override
    public String toString() {
        return "HttpResponse[" + status() + " " + request.method() + " " + request.uri() + ", shared]";
    }
}
