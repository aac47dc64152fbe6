package dev.brisk.rpc;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The allow-list both options records hold: its checks, and the options builders that add to it. */
class AllowListTest {

    @Test
    void emptyByDefaultOnBothSides() {
        assertThat(AllowList.builder().build()).isEqualTo(new AllowList(Set.of(), Set.of()));
        assertThat(RpcServerOptions.DEFAULT.allowList().types()).isEmpty();
        assertThat(RpcServerOptions.DEFAULT.allowList().packages()).isEmpty();
        assertThat(RpcClientOptions.DEFAULT.allowList()).isEqualTo(RpcServerOptions.DEFAULT.allowList());
    }

    @Test
    void theOptionsBuildersAddToIt() {
        AllowList expected = AllowList.builder().types(Model.User.class, Model.Page.class)
                .packages("com.example.model").build();
        RpcServerOptions server = RpcServerOptions.builder().allowTypes(Model.User.class)
                .allowPackages("com.example.model").allowTypes(Model.Page.class).build();
        RpcClientOptions client = RpcClientOptions.builder().allowTypes(Model.User.class, Model.Page.class)
                .allowPackages("com.example.model").build();
        assertThat(server.allowList()).isEqualTo(expected);
        assertThat(client.allowList()).isEqualTo(expected);
        assertThat(expected.toBuilder().build()).isEqualTo(expected);
        assertThat(server.toBuilder().allowTypes(Model.Everything.class).build().allowList().types())
                .containsExactlyInAnyOrder(Model.User.class, Model.Page.class, Model.Everything.class);
        assertThat(server.allowList().types()).doesNotContain(Model.Everything.class);
    }

    @Test
    void oneListCanReplaceWhatWasAdded() {
        AllowList shared = AllowList.builder().packages("com.example.shapes").build();
        assertThat(RpcServerOptions.builder().allowTypes(Model.User.class).allowList(shared).build().allowList())
                .isEqualTo(shared);
        assertThat(RpcClientOptions.builder().allowList(shared).allowTypes(Model.User.class).build().allowList())
                .isEqualTo(shared.toBuilder().types(Model.User.class).build());
    }

    @Test
    void everyInvalidValueIsNamedWhenBuilt() {
        AllowList.Builder jdk = AllowList.builder().packages("java.util");
        assertThatThrownBy(jdk::build)
                .hasMessage("allowPackages must not open the JDK's package java.util: allow its classes one by one with"
                        + " allowTypes");
        assertThatThrownBy(() -> AllowList.builder().packages("com..example").build())
                .hasMessage("allowPackages must hold package names like com.example.model: com..example");
        assertThatThrownBy(() -> AllowList.builder().types(int.class).build())
                .hasMessageStartingWith("allowTypes must hold classes, not null or primitives");
        assertThatThrownBy(() -> AllowList.builder().types((Class<?>) null).build())
                .hasMessageStartingWith("allowTypes must hold classes, not null or primitives");
        assertThatThrownBy(() -> new AllowList(null, Set.of())).isInstanceOf(NullPointerException.class)
                .hasMessage("allowTypes must not be null");
        RpcServerOptions.Builder server = RpcServerOptions.builder().allowPackages("javax.naming");
        assertThatThrownBy(server::build).hasMessageStartingWith("allowPackages must not open the JDK's package");
        RpcClientOptions.Builder client = RpcClientOptions.builder().allowTypes(long.class);
        assertThatThrownBy(client::build).hasMessageStartingWith("allowTypes must hold classes");
    }
}
