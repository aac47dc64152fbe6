package dev.brisk.rest.jaxrs.sample;

/** The JSON error entity the sample's exception mappers answer with, e.g. {@code {"code":"...","message":"..."}}. */
public record ApiError(String code, String message) {
}
