package dev.brisk.benchmarks.rpc;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The four calls of the benchmark, each made with the data of call number {@code n} and checked on return. */
public enum RpcMethod {

    EXIST_USER("existUser") {
        @Override
        boolean call(UserService service, long n) {
            String email = UserFixtures.email(n);
            return service.existUser(email) == EXPECTED.existUser(email);
        }
    },
    CREATE_USER("createUser") {
        @Override
        boolean call(UserService service, long n) {
            return service.createUser(UserFixtures.user(n));
        }
    },
    GET_USER("getUser") {
        @Override
        boolean call(UserService service, long n) {
            User user = service.getUser(n);
            return user != null && user.getId() == n;
        }
    },
    LIST_USER("listUser") {
        @Override
        boolean call(UserService service, long n) {
            Page<User> page = service.listUser((int) n);
            return page != null && page.getPageNo() == (int) n && page.getResult() != null
                    && page.getResult().size() == UserServiceImpl.PAGE_SIZE;
        }
    };

    private static final UserService EXPECTED = new UserServiceImpl();

    private final String methodName;

    RpcMethod(String methodName) {
        this.methodName = methodName;
    }

    /** The name of the {@link UserService} method, as {@code --method} takes it. */
    public String methodName() {
        return methodName;
    }

    /**
     * Makes call {@code n} through {@code service} and says whether the answer is the expected one.
     *
     * @throws RuntimeException whatever the implementation throws for a failed call
     */
    abstract boolean call(UserService service, long n);

    /**
     * The method called {@code name}.
     *
     * @throws IllegalArgumentException naming the unknown method and the known ones
     */
    public static RpcMethod named(String name) {
        for (RpcMethod method : values()) {
            if (method.methodName.equals(name) || method.name().equals(name.toUpperCase(Locale.ROOT))) {
                return method;
            }
        }
        throw new IllegalArgumentException("rpc: unknown method " + name + "; one of " + names());
    }

    /** {@code existUser|createUser|getUser|listUser} */
    public static String names() {
        return Arrays.stream(values()).map(RpcMethod::methodName).collect(Collectors.joining("|"));
    }
}
