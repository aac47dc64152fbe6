package dev.brisk.rest.jaxrs.compat;

/** A file attached to a task. */
public record Attachment(long taskId, int number, String fileName, String mediaType, long size, String sha256,
                         String note) {
}
