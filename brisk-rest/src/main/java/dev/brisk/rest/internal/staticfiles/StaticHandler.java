package dev.brisk.rest.internal.staticfiles;

import dev.brisk.http.ServerRequest;
import dev.brisk.http.ServerResponse;
import dev.brisk.http.common.AcceptEncoding;
import dev.brisk.http.common.HttpDates;
import dev.brisk.http.common.WritableHeaders;
import dev.brisk.rest.Handler;
import dev.brisk.rest.HttpStatusException;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.Route;
import dev.brisk.rest.web.StaticOptions;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpMethod;

import dev.brisk.http.common.Vary;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Serves the files below one mount point: safe path resolution, content type, validators ({@code ETag},
 * {@code Last-Modified}) and conditional requests (304), single byte ranges (206, 416, {@code If-Range}), caching
 * headers and precompressed variants. Files go out through {@link ServerResponse#sendFile} (zero-copy on cleartext
 * HTTP/1.1), in-memory resources in one write.
 */
public final class StaticHandler implements Handler {

    private static final String IMMUTABLE = "public, max-age=31536000, immutable";
    /** Precompressed variants in the server's order of preference: coding and file name suffix. */
    private static final List<String> CODINGS = List.of("br", "zstd", "gzip");
    private static final List<String> SUFFIXES = List.of(".br", ".zst", ".gz");

    /** The request attribute under which routing leaves what {@link #takes} found for {@link #handle}. */
    private static final String TARGET = StaticHandler.class.getName() + ".target";

    private final String mount;
    private final ResourceLocator locator;
    private final StaticOptions options;
    private final MediaTypes mediaTypes;

    private StaticHandler(String mount, ResourceLocator locator, StaticOptions options) {
        this.mount = mount;
        this.locator = locator;
        this.options = options;
        this.mediaTypes = new MediaTypes(options.mediaTypes());
    }

    /** Files of {@code directory} under {@code mount} (a path within the context path, e.g. {@code /assets}). */
    public static StaticHandler files(String mount, Path directory, StaticOptions options) {
        return new StaticHandler(normalizeMount(mount),
                new FileLocator(directory, options.followSymlinks(), options.strongEtags()), options);
    }

    /**
     * Resources below {@code locations} on {@code loader}'s class path under {@code mount}, the first location that
     * has a path serving it.
     */
    public static StaticHandler classpath(String mount, ClassLoader loader, List<String> locations,
                                          StaticOptions options) {
        if (locations.isEmpty()) {
            throw new IllegalArgumentException("no class path location for the static mount " + mount);
        }
        List<ResourceLocator> locators = locations.stream().<ResourceLocator>map(location -> new ClasspathLocator(
                loader, location, options.maxCachedSize(), options.strongEtags())).toList();
        return new StaticHandler(normalizeMount(mount),
                locators.size() == 1 ? locators.get(0) : new CompositeLocator(locators), options);
    }

    private static String normalizeMount(String mount) {
        String trimmed = mount.strip();
        if (!trimmed.startsWith("/")) {
            throw new IllegalArgumentException("a static mount path must start with '/': " + mount);
        }
        while (trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        if (trimmed.contains("{") || trimmed.contains("*")) {
            throw new IllegalArgumentException("a static mount path is a plain path, without variables: " + mount);
        }
        return trimmed;
    }

    /** The GET routes of the mount (HEAD follows GET): the mount itself and everything below it. */
    public List<Route> routes() {
        List<Route> routes = new ArrayList<>(2);
        if (!mount.isEmpty()) {
            routes.add(Route.get(mount).documented(false).handler(this));
        }
        // "**" rather than a named catch-all: the path is read from the routed path, and metrics name the route as
        // Spring names a resource mount (uri="/**")
        routes.add(Route.get(mount + "/**").documented(false).handler(this));
        return routes;
    }

    /**
     * Whether something below this mount answers {@code routed} (the path within the context path): a resource, a
     * directory's index, or the redirect of a directory to its trailing slash. Routing asks before it hands the
     * request over, so that a path nothing answers is a routing failure (404) for any method, as when no route has the
     * path; what it found is kept in {@code ctx} for {@link #handle}, which then need not look again.
     */
    public boolean takes(RequestContext ctx, String routed) {
        Target target = lookup(routed);
        if (target == null) {
            return false;
        }
        ctx.request().attributes().put(TARGET, target);
        return true;
    }

    /** Whether something below this mount answers {@code routed}, without noting it (see {@link #takes}). */
    public boolean answers(String routed) {
        return lookup(routed) != null;
    }

    @Override
    public void handle(RequestContext ctx) {
        String routed = ctx.routePath();
        Target target = ctx.request().attributes().remove(TARGET) instanceof Target found && found.owner == this
                && found.path.equals(routed) ? found : lookup(routed);
        if (target == null) {
            throw notFound();
        }
        if (target.resource == null) {
            // as Tomcat, nginx and Apache do: relative links of the index resolve against the directory
            String query = ctx.request().rawQuery();
            ctx.response().status(301).header("location", ctx.request().rawPath() + "/"
                    + (query.isEmpty() ? "" : "?" + query)).send();
            return;
        }
        send(ctx.request(), ctx.response(), target.segments, target.resource);
    }

    /** What answers {@code routed}: a resource with its segments, a redirect (no resource), or null (404). */
    private Target lookup(String routed) {
        List<String> segments = RequestPath.segments(routed.length() > mount.length()
                ? routed.substring(mount.length()) : "");
        if (segments == null) {
            return null;
        }
        boolean slash = routed.endsWith("/");
        StaticResource resource = segments.isEmpty() ? null : locator.find(segments);
        if (resource != null && slash) {
            return null; // a file is no directory: page.html/ would shift every relative link of the page
        }
        if (resource == null && options.indexFile().isPresent() && locator.isDirectory(segments)) {
            if (!slash) {
                return new Target(this, routed, segments, null);
            }
            segments = with(segments, options.indexFile().get());
            resource = locator.find(segments);
        }
        return resource == null ? null : new Target(this, routed, segments, resource);
    }

    /**
     * What a mount found for a routed path: a resource and the segments naming it, or, without a resource, a
     * directory asked for without its trailing slash (redirected to it).
     */
    private record Target(StaticHandler owner, String path, List<String> segments, StaticResource resource) {
    }

    private static HttpStatusException notFound() {
        return new HttpStatusException(404, "no such file");
    }

    private void send(ServerRequest request, ServerResponse response, List<String> segments,
                      StaticResource resource) {
        String name = segments.get(segments.size() - 1);
        WritableHeaders headers = response.headers();
        StaticResource body = resource;
        if (options.precompressed()) {
            body = precompressed(request, headers, segments, name, resource);
        }
        headers.set("etag", body.etag());
        if (body.lastModified() >= 0) {
            headers.set("last-modified", HttpDates.format(Instant.ofEpochMilli(body.lastModified())));
        }
        if (options.immutableNames().isPresent() && options.immutableNames().get().matcher(name).matches()) {
            headers.set("cache-control", IMMUTABLE);
        } else {
            options.cacheControl().ifPresent(value -> headers.set("cache-control", value));
        }
        if (notModified(request, body)) {
            headers.remove("content-encoding");
            if (body == resource) {
                // what the 200 would carry, so that a compressing layer can give the 304 its variant's validators
                headers.set("content-type", mediaTypes.of(name));
                headers.set("content-length", Long.toString(body.size()));
            }
            response.status(304).send();
            return;
        }
        headers.set("content-type", mediaTypes.of(name));
        headers.set("accept-ranges", "bytes");
        long offset = 0;
        long length = body.size();
        String rangeField = request.headers().get("range", null);
        if (rangeField != null && request.method() == HttpMethod.GET && rangeApplies(request, body)) {
            ByteRange range = ByteRange.parse(rangeField, body.size());
            if (range == ByteRange.UNSATISFIABLE) {
                headers.set("content-range", "bytes */" + body.size());
                headers.remove("content-encoding");
                response.status(416).send();
                return;
            }
            if (range != ByteRange.IGNORED) {
                offset = range.start();
                length = range.length();
                headers.set("content-range", "bytes " + range.start() + "-" + range.end() + "/" + body.size());
                response.status(206);
            }
        }
        if (body.file() == null) {
            response.send(Unpooled.wrappedBuffer(body.bytes(), (int) offset, (int) length));
            return;
        }
        CompletableFuture<Void> sent = response.sendFile(body.file(), offset, length).toCompletableFuture();
        if (sent.isCompletedExceptionally() && !response.isCommitted()) {
            throw notFound();      // the file went away between finding and sending it
        }
    }

    /** The variant to send: a precompressed one the client accepts, else {@code resource}; sets Vary and coding. */
    private StaticResource precompressed(ServerRequest request, WritableHeaders headers, List<String> segments,
                                         String name, StaticResource resource) {
        List<String> found = null;
        List<StaticResource> variants = null;
        for (int i = 0; i < CODINGS.size(); i++) {
            StaticResource variant = locator.find(with(segments.subList(0, segments.size() - 1),
                    name + SUFFIXES.get(i)));
            if (variant != null) {
                if (found == null) {
                    found = new ArrayList<>(3);
                    variants = new ArrayList<>(3);
                }
                found.add(CODINGS.get(i));
                variants.add(variant);
            }
        }
        if (found == null) {
            return resource;
        }
        Vary.add(headers, "Accept-Encoding");
        int chosen = AcceptEncoding.choose(AcceptEncoding.field(request.headers()), found);
        if (chosen < 0) {
            return resource;
        }
        headers.set("content-encoding", found.get(chosen));
        return variants.get(chosen);
    }

    /** If-None-Match (weak comparison), else If-Modified-Since (RFC 9110, section 13.2.2). */
    private static boolean notModified(ServerRequest request, StaticResource resource) {
        String noneMatch = request.headers().get("if-none-match", null);
        if (noneMatch != null) {
            return anyTagMatches(noneMatch, resource.etag());
        }
        String since = request.headers().get("if-modified-since", null);
        if (since == null || resource.lastModified() < 0) {
            return false;
        }
        Instant date = HttpDates.parse(since);
        return date != null && resource.lastModified() / 1000 <= date.getEpochSecond();
    }

    private static boolean anyTagMatches(String field, String etag) {
        if (field.strip().equals("*")) {
            return true;
        }
        String opaque = opaque(etag);
        for (String candidate : field.split(",")) {
            if (opaque(candidate.strip()).equals(opaque)) {
                return true;
            }
        }
        return false;
    }

    private static String opaque(String tag) {
        return tag.startsWith("W/") ? tag.substring(2) : tag;
    }

    /** If-Range: a strong ETag that matches exactly, or the exact modification date; otherwise the whole body. */
    private static boolean rangeApplies(ServerRequest request, StaticResource resource) {
        String ifRange = request.headers().get("if-range", null);
        if (ifRange == null) {
            return true;
        }
        String value = ifRange.strip();
        if (value.startsWith("\"") || value.startsWith("W/")) {
            return !value.startsWith("W/") && !resource.etag().startsWith("W/") && value.equals(resource.etag());
        }
        Instant date = HttpDates.parse(value);
        return date != null && resource.lastModified() >= 0 && resource.lastModified() / 1000 == date.getEpochSecond();
    }

    private static List<String> with(List<String> segments, String last) {
        List<String> result = new ArrayList<>(segments.size() + 1);
        result.addAll(segments);
        result.add(last);
        return result;
    }
}
