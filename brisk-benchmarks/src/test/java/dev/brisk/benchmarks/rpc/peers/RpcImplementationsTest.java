package dev.brisk.benchmarks.rpc.peers;

import dev.brisk.benchmarks.rpc.Page;
import dev.brisk.benchmarks.rpc.RpcPeer;
import dev.brisk.benchmarks.rpc.User;
import dev.brisk.benchmarks.rpc.UserFixtures;
import dev.brisk.benchmarks.rpc.UserService;
import dev.brisk.benchmarks.rpc.UserServiceImpl;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every implementation of {@code rpc <impl>} serves the benchmark's {@link UserService} over a real socket, and its
 * caller gets back from each of the four methods what the service returned: the same users, field for field (dates,
 * non-Latin text, the permission list), and the same page.
 */
class RpcImplementationsTest {

    private final UserService local = new UserServiceImpl();

    static Set<String> implementations() {
        return RpcCommand.IMPLS.keySet();
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void callsReturnWhatTheServiceReturns(String name) throws Exception {
        RpcPeer peer = RpcCommand.IMPLS.get(name).get();
        try (RpcPeer.Running server = peer.serve(0, new UserServiceImpl());
             RpcPeer.Connected client = peer.connect("127.0.0.1", server.port())) {
            UserService remote = client.service();

            assertThat(remote.existUser("17")).isTrue();
            assertThat(remote.existUser("12")).isFalse();
            assertThat(remote.createUser(UserFixtures.user(3))).isTrue();

            User user = remote.getUser(42);
            assertThat(user).isEqualTo(local.getUser(42));
            assertThat(user.getAddress()).isEqualTo("北京市 中关村 中关村大街1号 鼎好大厦 1605");
            assertThat(user.getPermissions()).hasSize(15);

            Page<User> page = remote.listUser(7);
            assertThat(page).isEqualTo(local.listUser(7));
            assertThat(page.getResult()).hasSize(15);
        }
    }
}
