package dev.brisk.spring.boot.sample;

/** No user has the id asked for. */
public class UserNotFoundException extends RuntimeException {

    public UserNotFoundException(long id) {
        super("no user " + id);
    }
}
