package dev.brisk.benchmarks.rpc;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * The server side of the benchmark: builds the same objects as the classic rpc-benchmark's server (a fixed user, a
 * page of fifteen), fresh on every call so that each call pays for its objects, but with fixed timestamps instead of
 * the clock, so that every call of every implementation returns equal objects.
 */
public final class UserServiceImpl implements UserService {

    /** The creation and update time of every user. */
    public static final LocalDateTime CREATED = LocalDateTime.of(2018, 2, 6, 12, 28, 0);
    /** The birthday of every user. */
    public static final LocalDate BIRTHDAY = LocalDate.of(1968, 12, 8);
    /** Users on a page. */
    public static final int PAGE_SIZE = 15;
    /** The total of every page. */
    public static final int TOTAL = 1000;

    private static final String NAME = "Doug Lea";
    private static final String EMAIL = "dong.lea@gmail.com";
    private static final String MOBILE = "18612345678";
    private static final String ADDRESS = "北京市 中关村 中关村大街1号 鼎好大厦 1605";
    private static final String ICON = "https://www.baidu.com/img/bd_logo1.png";
    private static final int[] PERMISSIONS = {1, 2, 3, 4, 5, 6, 7, 8, 19, 88, 86, 89, 90, 91, 92};

    @Override
    public boolean existUser(String email) {
        // the original's rule: an address whose last character is below '5' does not exist
        return email == null || email.isEmpty() || email.charAt(email.length() - 1) >= '5';
    }

    @Override
    public boolean createUser(User user) {
        return user != null;
    }

    @Override
    public User getUser(long id) {
        return user(id, "");
    }

    @Override
    public Page<User> listUser(int pageNo) {
        List<User> users = new ArrayList<>(PAGE_SIZE);
        for (int i = 0; i < PAGE_SIZE; i++) {
            users.add(user(i, String.valueOf(i)));
        }
        Page<User> page = new Page<>();
        page.setPageNo(pageNo);
        page.setTotal(TOTAL);
        page.setResult(users);
        return page;
    }

    /** The user {@code id}, every text field ending in {@code suffix} (as on the original's pages). */
    static User user(long id, String suffix) {
        User user = new User();
        user.setId(id);
        user.setName(NAME + suffix);
        user.setSex(1);
        user.setBirthday(BIRTHDAY);
        user.setEmail(EMAIL + suffix);
        user.setMobile(MOBILE + suffix);
        user.setAddress(ADDRESS + suffix);
        user.setIcon(ICON + suffix);
        user.setStatus(1);
        user.setCreateTime(CREATED);
        user.setUpdateTime(CREATED);
        List<Integer> permissions = new ArrayList<>(PERMISSIONS.length);
        for (int permission : PERMISSIONS) {
            permissions.add(permission);
        }
        user.setPermissions(permissions);
        return user;
    }
}
