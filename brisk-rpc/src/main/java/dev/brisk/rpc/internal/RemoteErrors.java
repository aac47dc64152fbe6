package dev.brisk.rpc.internal;

import dev.brisk.rpc.FrameTooLargeException;
import dev.brisk.rpc.OverloadedException;
import dev.brisk.rpc.RpcException;
import dev.brisk.rpc.RpcRemoteException;
import dev.brisk.rpc.RpcTimeoutException;
import dev.brisk.rpc.TypeNotAllowedException;
import dev.brisk.rpc.spi.AllowedTypes;
import dev.brisk.rpc.ServerShuttingDownException;
import dev.brisk.rpc.UnknownMethodException;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns an error frame into the exception the caller sees: Brisk's own errors by code; a service's exception as the
 * same type when the client allows it (a type the service interfaces declare or exchange, one opted in with
 * allowTypes/allowPackages, or one of the JDK's {@code java.*} exceptions), can load it and it has a public
 * constructor taking a message, else as {@link RpcRemoteException} with the remote type name and message. The server
 * names the type: a class outside those is never loaded nor constructed.
 */
final class RemoteErrors {

    private static final MethodType MESSAGE_CONSTRUCTOR = MethodType.methodType(void.class, String.class);
    private static final MethodHandle NONE = MethodHandles.constant(Object.class, null);
    private static final Map<String, MethodHandle> CONSTRUCTORS = new ConcurrentHashMap<>();

    private RemoteErrors() {
    }

    private static final Pattern REFUSED_CLASS = Pattern.compile("class (\\S+) is not allowed");

    static Throwable toException(ErrorCode code, String type, String message, String address, AllowedTypes allowed) {
        if (code == ErrorCode.BAD_REQUEST && TypeNotAllowedException.class.getName().equals(type)) {
            Matcher refused = REFUSED_CLASS.matcher(String.valueOf(message));
            return new TypeNotAllowedException(refused.find() ? refused.group(1) : null, message + " (" + address + ")");
        }
        return switch (code) {
            case APPLICATION -> application(type, message, allowed);
            case UNKNOWN_METHOD -> new UnknownMethodException(message + " (" + address + ")");
            case OVERLOADED -> new OverloadedException(message + " (" + address + ")");
            case FRAME_TOO_LARGE -> new FrameTooLargeException(message + " (" + address + ")");
            case TIMEOUT -> new RpcTimeoutException(message + " (" + address + ")");
            case SHUTTING_DOWN -> new ServerShuttingDownException(message + " (" + address + ")");
            case BAD_REQUEST, INTERNAL -> new RpcException(message + " (" + address + ")");
        };
    }

    private static Throwable application(String type, String message, AllowedTypes allowed) {
        if (type == null) {
            return new RpcRemoteException("unknown", message);
        }
        if (!type.startsWith("java.") && !allowed.allows(type)) {
            return new RpcRemoteException(type, message);
        }
        MethodHandle constructor = CONSTRUCTORS.computeIfAbsent(type, RemoteErrors::constructor);
        if (constructor != NONE) {
            try {
                return (Throwable) constructor.invoke(message);
            } catch (Throwable e) {
                // fall through to the generic form
            }
        }
        return new RpcRemoteException(type, message);
    }

    private static MethodHandle constructor(String type) {
        try {
            Class<?> cls = Class.forName(type, false, Thread.currentThread().getContextClassLoader() != null
                    ? Thread.currentThread().getContextClassLoader() : RemoteErrors.class.getClassLoader());
            if (!Throwable.class.isAssignableFrom(cls)) {
                return NONE;
            }
            return MethodHandles.publicLookup().findConstructor(cls, MESSAGE_CONSTRUCTOR)
                    .asType(MethodType.methodType(Object.class, String.class));
        } catch (ReflectiveOperationException | LinkageError | SecurityException e) {
            return NONE;
        }
    }
}
