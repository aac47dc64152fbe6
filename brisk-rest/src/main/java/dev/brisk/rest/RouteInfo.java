package dev.brisk.rest;

import dev.brisk.codec.MediaType;
import io.netty.handler.codec.http.HttpMethod;

import java.util.List;

/** What is known of a route at startup: method, template, media types, scheduler. */
public interface RouteInfo {

    HttpMethod method();

    /** The path template, e.g. {@code /users/{id}} (without the context path). */
    String path();

    /** Media types the route declares it produces; empty means whatever the codecs can write. */
    List<MediaType> produces();

    /** Media types the route accepts; empty means any. */
    List<MediaType> consumes();

    /** The scheduler the handler runs on. */
    String scheduler();
}
