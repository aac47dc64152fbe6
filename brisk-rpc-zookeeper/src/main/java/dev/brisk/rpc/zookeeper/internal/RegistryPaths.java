package dev.brisk.rpc.zookeeper.internal;

import dev.brisk.rpc.spi.ProviderInfo;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.common.PathUtils;

/** Where the nodes live: {@code /<namespace>/services/<service>/providers/<host:port>}. */
public final class RegistryPaths {

    private final String root;

    public RegistryPaths(String namespace) {
        this.root = ZKPaths.makePath("/", namespace);
    }

    /** The parent of the provider nodes of {@code service}. */
    public String providers(String service) {
        String path = ZKPaths.makePath(root, "services", element(service, "service"), "providers");
        return validated(path, "service", service);
    }

    /** The node of {@code provider}. */
    public String provider(ProviderInfo provider) {
        String name = element(ProviderData.nodeName(provider), "host");
        return validated(ZKPaths.makePath(providers(provider.service()), name), "host", provider.host());
    }

    private static String element(String value, String what) {
        if (value.indexOf('/') >= 0 || value.equals(".") || value.equals("..")) {
            throw new IllegalArgumentException(what + " cannot be a ZooKeeper node name (no '/', not '.' or '..'): '"
                    + value + "'");
        }
        return value;
    }

    private static String validated(String path, String what, String value) {
        try {
            PathUtils.validatePath(path);
            return path;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + " cannot be a ZooKeeper node name: '" + value + "' ("
                    + e.getMessage() + ")", e);
        }
    }
}
