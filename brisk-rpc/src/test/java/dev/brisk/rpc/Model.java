package dev.brisk.rpc;

import java.util.List;
import java.util.Map;

/** Values the tests exchange. */
public final class Model {

    private Model() {
    }

    public enum Role { ADMIN, MEMBER, GUEST }

    public record User(long id, String name, Role role, List<String> tags) {
    }

    public record Page<T>(List<T> items, int total) {
    }

    public record Everything(boolean flag, byte b, short s, char c, int i, long l, float f, double d, Integer boxed,
                      String text, Map<String, Integer> counts) {
    }

    /** Thrown by services; constructible from a message, so the client rethrows the same type. */
    public static final class OutOfStockException extends RuntimeException {

        private static final long serialVersionUID = 1L;

        public OutOfStockException(String message) {
            super(message);
        }
    }

    /** Thrown by services; no message constructor, so the client sees an RpcRemoteException. */
    public static final class OpaqueException extends RuntimeException {

        private static final long serialVersionUID = 1L;

        OpaqueException(int code) {
            super("opaque " + code);
        }
    }

    /** A checked exception a method declares. */
    public static final class InvalidInputException extends Exception {

        private static final long serialVersionUID = 1L;

        public InvalidInputException(String message) {
            super(message);
        }
    }
}
