/**
 * The implementation behind {@link dev.brisk.http.common.Headers} with what a protocol parser needs beyond the public
 * API (adding fields it has already validated, reading them by index, sealing): exported only to Brisk's HTTP server.
 * Not an API.
 */
package dev.brisk.http.common.wire;
