package dev.brisk.client.internal;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.multipart.DiskAttribute;
import io.netty.handler.codec.http.multipart.DiskFileUpload;
import io.netty.handler.codec.http.multipart.FileUpload;
import io.netty.handler.codec.http.multipart.HttpData;
import io.netty.handler.codec.http.multipart.MemoryAttribute;
import io.netty.handler.codec.http.multipart.MemoryFileUpload;

import java.io.File;
import java.io.IOException;
import java.nio.charset.Charset;

/**
 * Fresh {@link HttpData} over the content of another, for one encoder: Netty's data objects keep a read position, so
 * each attempt reads its own. A view shares the content (a retained duplicate of a buffer, or the same file, which the
 * view never deletes); releasing the view leaves the original intact.
 *
 * <p>A file part's view has no charset, so the encoder writes the part's {@code Content-Type} as the caller gave it:
 * the bytes of a file, an array or a stream are sent as they are, and a {@code charset} parameter (Netty adds UTF-8
 * by default) would be a claim about them the client cannot make. A caller who knows it puts it in the type.
 */
final class HttpDataViews {

    private HttpDataViews() {
    }

    static HttpData view(HttpData data) throws IOException {
        if (data.isInMemory()) {
            ByteBuf content = data.getByteBuf();
            ByteBuf shared = content == null ? Unpooled.EMPTY_BUFFER : content.retainedDuplicate();
            HttpData view = data instanceof FileUpload upload
                    ? new MemoryFileUpload(upload.getName(), upload.getFilename(), upload.getContentType(),
                            upload.getContentTransferEncoding(), null, shared.readableBytes()) {
                        @Override
                        public Charset getCharset() {
                            return null; // see class description
                        }
                    }
                    : new MemoryAttribute(data.getName(), data.getCharset());
            view.setContent(shared);
            return view;
        }
        File file = data.getFile();
        HttpData view = data instanceof FileUpload upload
                ? new DiskFileUpload(upload.getName(), upload.getFilename(), upload.getContentType(),
                        upload.getContentTransferEncoding(), null, file.length(), null, false) {
                    @Override
                    public Charset getCharset() {
                        return null; // see class description
                    }
                }
                : new DiskAttribute(data.getName(), data.getCharset(), null, false);
        view.setContent(file); // marks the file as not the view's own: releasing the view keeps it
        return view;
    }
}
