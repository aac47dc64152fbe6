package dev.brisk.benchmarks.rpc;

/**
 * What the calling side sends: the e-mail addresses asked about and the users created. Both are made ahead of the run
 * from a call number, so the measured loop allocates no request data of its own and every implementation sends the
 * same bytes' worth of content.
 */
public final class UserFixtures {

    private static final int SIZE = 1024;
    private static final String[] EMAILS = new String[SIZE];
    private static final User[] USERS = new User[SIZE];

    static {
        for (int i = 0; i < SIZE; i++) {
            // the original asks about the call counter as text, so half of the addresses exist
            EMAILS[i] = String.valueOf(i);
            USERS[i] = UserServiceImpl.user(i, "");
        }
    }

    private UserFixtures() {
    }

    /** The address asked about by call {@code n}. */
    public static String email(long n) {
        return EMAILS[(int) (n & (SIZE - 1))];
    }

    /** The user sent by call {@code n} (one of {@value #SIZE} prepared ones; treat as read-only). */
    public static User user(long n) {
        return USERS[(int) (n & (SIZE - 1))];
    }
}
