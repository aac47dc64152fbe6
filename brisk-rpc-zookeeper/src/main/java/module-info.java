/**
 * A Brisk RPC registry on Apache ZooKeeper, through Apache Curator: servers announce each service as an ephemeral
 * node, clients follow those nodes live. Start with {@link dev.brisk.rpc.zookeeper.ZooKeeperRegistry#builder()}.
 */
module dev.brisk.rpc.zookeeper {
    requires transitive dev.brisk.rpc;
    requires transitive curator.framework;
    requires curator.client;
    requires curator.recipes;
    requires zookeeper;

    exports dev.brisk.rpc.zookeeper;
}
