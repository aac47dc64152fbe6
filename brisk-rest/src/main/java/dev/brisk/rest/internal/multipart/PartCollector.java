package dev.brisk.rest.internal.multipart;

import dev.brisk.rest.multipart.MultipartOptions;
import io.netty.buffer.ByteBuf;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns what the parser reports into parts: content in memory up to the spill threshold, then in a temporary file;
 * enforces the limits on parts (count, size). Its temporary files go with {@link #discard()}.
 */
final class PartCollector implements MultipartParser.Listener {

    private final MultipartOptions options;
    private final TempFiles files;
    private final List<DefaultPart> parts = new ArrayList<>();
    private String name;
    private String filename;
    private PartHeaders headers;
    private long size;
    private ByteArrayOutputStream memory;
    private Path file;
    private FileChannel channel;

    PartCollector(MultipartOptions options) {
        this.options = options;
        this.files = new TempFiles(options.tempDirectory());
    }

    @Override
    public synchronized void partStarted(PartHeaders fields) {
        int number = parts.size() + 1;
        if (number > options.maxParts()) {
            throw MultipartException.tooLarge("the multipart body has more than maxParts " + options.maxParts()
                    + " parts");
        }
        String disposition = fields.get("content-disposition", null);
        if (disposition == null) {
            throw MultipartException.malformed("part " + number + " has no Content-Disposition");
        }
        ContentDisposition parsed = ContentDisposition.parse(disposition, number);
        name = parsed.name();
        filename = parsed.filename();
        headers = fields;
        size = 0;
        memory = new ByteArrayOutputStream(64);
    }

    @Override
    public synchronized void partContent(ByteBuf content) throws IOException {
        int length = content.readableBytes();
        size += length;
        if (size > options.maxPartSize()) {
            throw MultipartException.tooLarge("part '" + name + "'" + (filename != null ? " (file \"" + filename
                    + "\")" : "") + " is larger than maxPartSize " + options.maxPartSize() + " bytes");
        }
        if (channel == null && size > options.fileSizeThreshold()) {
            spill();
        }
        if (channel != null) {
            ByteBuf data = content.duplicate();
            while (data.isReadable()) {
                data.readBytes(channel, data.readableBytes());
            }
        } else {
            content.getBytes(content.readerIndex(), memory, length);
        }
    }

    private synchronized void spill() throws IOException {
        file = files.create();
        channel = FileChannel.open(file, StandardOpenOption.WRITE);
        byte[] held = memory.toByteArray();
        memory = null;
        ByteBuffer buffer = ByteBuffer.wrap(held);
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }

    @Override
    public synchronized void partEnded() throws IOException {
        byte[] content = null;
        if (channel != null) {
            channel.close();
            channel = null;
        } else {
            content = memory.toByteArray();
        }
        parts.add(new DefaultPart(name, filename, headers, size, content, file, files));
        memory = null;
        file = null;
        headers = null;
    }

    /** The parts received, once the body has ended. */
    synchronized DefaultMultipartForm form() {
        return new DefaultMultipartForm(parts);
    }

    /** Closes what is open and deletes every temporary file; idempotent. */
    synchronized void discard() {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // the file is deleted below anyway
            }
            channel = null;
        }
        files.deleteAll();
    }
}
