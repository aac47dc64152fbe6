/**
 * The HTTP vocabulary that Brisk's server and client share: {@link dev.brisk.http.common.Headers}, header and
 * request-target syntax, HTTP dates, status reason phrases, path decoding and protocol versions.
 */
@SuppressWarnings("module") // the qualified export names dev.brisk.http, which is compiled after this module
module dev.brisk.http.common {
    requires io.netty.common;
    requires io.netty.codec.http;

    exports dev.brisk.http.common;
    exports dev.brisk.http.common.wire to dev.brisk.http;
}
