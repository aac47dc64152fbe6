package dev.brisk.rest.spring.internal;

import dev.brisk.rest.HttpStatusException;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.StreamingBody;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.core.io.InputStreamResource;
import org.springframework.core.io.Resource;
import org.springframework.http.MediaTypeFactory;

import java.io.FileNotFoundException;
import java.io.IOException;

/**
 * A {@link Resource} body as Spring's resource converter writes it, without reading it into memory: a file
 * ({@code FileSystemResource}, {@code PathResource}, an unpacked {@code ClassPathResource}) is sent as a file, with
 * its {@code Content-Length} (zero-copy where the connection allows); a {@link ByteArrayResource} as its bytes; any
 * other resource streamed from its input stream, with its length when it knows it (an {@link InputStreamResource}
 * never does). The {@code Content-Type}, unless the handler set one, is guessed from the file name as Spring does
 * ({@link MediaTypeFactory}).
 */
final class ResourceBodies {

    private ResourceBodies() {
    }

    /**
     * The Brisk body for {@code resource}.
     *
     * @param typed whether the handler set the Content-Type itself
     */
    static Object body(RequestContext ctx, Resource resource, boolean typed) throws IOException {
        if (!typed) {
            BinaryBodies.label(ctx, MediaTypeFactory.getMediaType(resource).map(Object::toString)
                    .orElse("application/octet-stream"));
        }
        if (resource instanceof ByteArrayResource bytes) {
            return bytes.getByteArray();
        }
        if (resource.getClass() != InputStreamResource.class && resource.isFile()) {
            return resource.getFile().toPath();
        }
        try {
            long length = resource.getClass() == InputStreamResource.class ? -1 : knownLength(resource);
            return StreamingBody.of(resource.getInputStream(), length);
        } catch (FileNotFoundException e) {
            throw new HttpStatusException(404, "no such resource: " + resource.getDescription());
        }
    }

    private static long knownLength(Resource resource) {
        try {
            return resource.contentLength();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
