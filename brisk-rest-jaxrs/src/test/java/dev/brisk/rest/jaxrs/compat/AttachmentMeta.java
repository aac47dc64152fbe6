package dev.brisk.rest.jaxrs.compat;

/** The JSON part that describes a batch of uploaded files. */
public record AttachmentMeta(String note, String uploadedBy) {
}
