package dev.brisk.rpc.internal;

import dev.brisk.rpc.FrameTooLargeException;
import dev.brisk.rpc.OverloadedException;
import dev.brisk.rpc.RpcException;
import dev.brisk.rpc.RpcRemoteException;
import dev.brisk.rpc.RpcTimeoutException;
import dev.brisk.rpc.ServerShuttingDownException;
import dev.brisk.rpc.UnknownMethodException;
import dev.brisk.rpc.observe.RpcOutcome;

/** How calls ended, in the terms of {@link dev.brisk.rpc.observe}: outcomes and error type names. */
final class CallOutcomes {

    private CallOutcomes() {
    }

    /**
     * The outcome of a client's call that ended with {@code failure} (null: a result). Brisk's own exceptions say the
     * call got no answer from the service, except {@link RpcRemoteException}, the service's exception by name; any
     * other exception was thrown by the service.
     */
    static RpcOutcome client(Throwable failure) {
        if (failure == null) {
            return RpcOutcome.SUCCESS;
        }
        return failure instanceof RpcException && !(failure instanceof RpcRemoteException) ? RpcOutcome.FAILURE
                : RpcOutcome.SERVICE_ERROR;
    }

    /** The outcome of a server's call answered with an error of {@code code}. */
    static RpcOutcome server(ErrorCode code) {
        return code == ErrorCode.APPLICATION ? RpcOutcome.SERVICE_ERROR : RpcOutcome.FAILURE;
    }

    /**
     * The class name of the exception a call answered with an error of {@code code} stands for: the service's
     * ({@code type}, as the frame names it), else the one its caller gets.
     */
    static String errorType(ErrorCode code, String type) {
        if (type != null) {
            return type;
        }
        return switch (code) {
            case APPLICATION -> RpcRemoteException.class.getName();
            case UNKNOWN_METHOD -> UnknownMethodException.class.getName();
            case OVERLOADED -> OverloadedException.class.getName();
            case FRAME_TOO_LARGE -> FrameTooLargeException.class.getName();
            case TIMEOUT -> RpcTimeoutException.class.getName();
            case SHUTTING_DOWN -> ServerShuttingDownException.class.getName();
            case BAD_REQUEST, INTERNAL -> RpcException.class.getName();
        };
    }
}
