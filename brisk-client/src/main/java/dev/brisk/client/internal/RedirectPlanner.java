package dev.brisk.client.internal;

import dev.brisk.client.HttpRequest;
import dev.brisk.client.internal.exchange.NettyHeaders;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * The request a redirect leads to. 303 turns any method but HEAD into a body-less GET; 301 and 302 do so for POST
 * only (as browsers do); 307 and 308 keep method and body. On a change of origin, {@code Authorization},
 * {@code Proxy-Authorization}, {@code Cookie} and {@code Host} are dropped. User info in the {@code Location} is
 * dropped too: credentials are the caller's to give, not the server's.
 */
final class RedirectPlanner {

    private RedirectPlanner() {
    }

    static boolean isRedirect(int status) {
        return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
    }

    /** The next request, or {@code null} when {@code location} is missing or unusable. */
    static HttpRequest next(HttpRequest current, int status, String location) {
        if (location == null || location.isBlank()) {
            return null;
        }
        URI target;
        try {
            target = current.uri().resolve(new URI(location.trim()));
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
        if (target.getHost() == null) {
            return null;
        }
        if (target.getRawUserInfo() != null) {
            target = Credentials.withoutUserInfo(target); // a server does not hand the client credentials to use
        }
        HttpMethod method = current.method();
        boolean dropBody = false;
        if (status == 303) {
            dropBody = true;
            if (method != HttpMethod.HEAD) {
                method = HttpMethod.GET;
            }
        } else if ((status == 301 || status == 302) && method == HttpMethod.POST) {
            dropBody = true;
            method = HttpMethod.GET;
        }
        NettyHeaders copy = NettyHeaders.copyOf(current.headers());
        HttpHeaders headers = copy.netty();
        if (dropBody) {
            headers.remove(HttpHeaderNames.CONTENT_TYPE);
            headers.remove(HttpHeaderNames.CONTENT_LENGTH);
            headers.remove(HttpHeaderNames.CONTENT_ENCODING);
            headers.remove(HttpHeaderNames.TRANSFER_ENCODING);
        }
        if (!Origins.same(current.uri(), target)) {
            headers.remove(HttpHeaderNames.AUTHORIZATION);
            headers.remove(HttpHeaderNames.PROXY_AUTHORIZATION);
            headers.remove(HttpHeaderNames.COOKIE);
            headers.remove(HttpHeaderNames.HOST);
        }
        return new HttpRequest(method, target, copy, dropBody ? null : current.bodyOrNull(), current.settings());
    }
}
