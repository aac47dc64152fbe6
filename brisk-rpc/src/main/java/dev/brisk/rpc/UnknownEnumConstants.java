package dev.brisk.rpc;

/**
 * What an enum constant that this side's enum lacks (sent by a peer of a newer version) reads as, unless the enum marks
 * a constant with {@link EnumFallback}: {@code unknownEnumConstants(..)} of {@link RpcServerOptions} (arguments) and
 * {@link RpcClientOptions} (results).
 */
public enum UnknownEnumConstants {
    /** The value cannot be read: the call fails (the server answers "bad request", the client cannot read the result). */
    FAIL,
    /** The value reads as {@code null}. */
    NULL
}
