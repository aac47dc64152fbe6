package dev.brisk.benchmarks.rpc;

/**
 * The service of the RPC benchmark, with the four calls of the classic rpc-benchmark: a tiny request and answer
 * ({@link #existUser}), a user object sent ({@link #createUser}), a user object returned ({@link #getUser}) and a page
 * of fifteen users returned ({@link #listUser}).
 */
public interface UserService {

    /** Whether a user with this e-mail address exists (the answer depends only on the address). */
    boolean existUser(String email);

    /** Accepts a user: true unless {@code user} is null. */
    boolean createUser(User user);

    /** The user with this id. */
    User getUser(long id);

    /** Page {@code pageNo} of the users: always fifteen of them. */
    Page<User> listUser(int pageNo);
}
