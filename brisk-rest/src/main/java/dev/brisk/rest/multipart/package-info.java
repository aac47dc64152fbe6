/**
 * {@code multipart/form-data} request bodies: the form a handler reads with {@code ctx.multipart()} ({@link
 * dev.brisk.rest.multipart.MultipartForm}), its parts, and how they are received ({@link
 * dev.brisk.rest.multipart.MultipartOptions}).
 */
package dev.brisk.rest.multipart;
