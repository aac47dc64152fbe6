/**
 * What Brisk's server and client share about bodies: media types, content negotiation and codecs reading and writing
 * Netty buffers (Jackson by default; Protobuf and Gson when present).
 */
module dev.brisk.codec {
    requires dev.brisk.http.common;
    requires transitive io.netty.buffer;
    requires transitive io.netty.common;
    requires transitive tools.jackson.databind;
    requires static com.google.protobuf;
    requires static com.google.gson;

    exports dev.brisk.codec;
}
