/**
 * What Brisk's own HTTP server and client share on their wire paths, beyond the public vocabulary: the flat header
 * array both fill while parsing. Exported only to those modules; not an API.
 */
package dev.brisk.http.common.wire;
