package dev.brisk.test;

import io.netty.handler.codec.http.HttpMethod;

/** Sends requests to a server, in process or over a socket, and returns what came back. */
public interface TestClient {

    /** A request with {@code method} to {@code path} (with its query string, if any). */
    TestRequest request(HttpMethod method, String path);

    default TestRequest get(String path) {
        return request(HttpMethod.GET, path);
    }

    default TestRequest post(String path) {
        return request(HttpMethod.POST, path);
    }

    default TestRequest put(String path) {
        return request(HttpMethod.PUT, path);
    }

    default TestRequest delete(String path) {
        return request(HttpMethod.DELETE, path);
    }

    default TestRequest patch(String path) {
        return request(HttpMethod.PATCH, path);
    }

    default TestRequest head(String path) {
        return request(HttpMethod.HEAD, path);
    }

    default TestRequest options(String path) {
        return request(HttpMethod.OPTIONS, path);
    }
}
