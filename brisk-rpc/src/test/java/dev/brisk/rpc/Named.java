package dev.brisk.rpc;

/** A service whose providers say who they are, at once or after a pause. */
public interface Named {

    String name();

    String slowly(long millis);

    /** The implementation of the provider called {@code name}. */
    static Named as(String name) {
        return new Named() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String slowly(long millis) {
                try {
                    Thread.sleep(millis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return name;
            }
        };
    }
}
