package dev.brisk.rest.internal.protect;

import dev.brisk.http.ServerRequest;
import dev.brisk.rest.internal.router.PathPattern;
import dev.brisk.rest.internal.router.RouteMatch;
import dev.brisk.rest.internal.router.Router;
import dev.brisk.rest.protect.IpFilter;
import io.netty.handler.codec.http.HttpMethod;

import java.util.ArrayList;
import java.util.List;

/** The server's IP filters, compiled: path matchers and address ranges. */
public final class IpRules {

    /** One filter: null paths when it applies everywhere. */
    private record Rule(Router<Boolean> paths, Cidr[] allow, Cidr[] deny) {

        /** Whether the rule covers {@code path} as sent or as the handlers see it (decoded, normalised). */
        boolean appliesTo(String path) {
            if (paths == null) {
                return true;
            }
            if (path == null) {
                return false;
            }
            if (paths.find(HttpMethod.GET, path, new RouteMatch<>())) {
                return true;
            }
            String normalised = FilterPaths.normalised(path);
            return normalised != null && paths.find(HttpMethod.GET, normalised, new RouteMatch<>());
        }

        boolean admits(byte[] client) {
            if (client == ClientAddresses.UNREADABLE || Cidr.any(deny, client)) {
                return false;
            }
            return allow.length == 0 || Cidr.any(allow, client);
        }
    }

    private final Rule[] rules;
    private final ClientAddresses addresses;
    private final boolean byPath;

    public IpRules(List<IpFilter> filters, ClientAddresses addresses) {
        List<Rule> list = new ArrayList<>();
        boolean anyPath = false;
        for (IpFilter filter : filters) {
            Router<Boolean> paths = null;
            if (!filter.paths().equals(List.of("/**"))) {
                List<Router.Entry<Boolean>> entries = new ArrayList<>();
                for (String pattern : filter.paths()) {
                    entries.add(new Router.Entry<>(HttpMethod.GET, PathPattern.parse(pattern), Boolean.TRUE));
                }
                paths = Router.of(entries);
                anyPath = true;
            }
            list.add(new Rule(paths, filter.allow().stream().map(Cidr::parse).toArray(Cidr[]::new),
                    filter.deny().stream().map(Cidr::parse).toArray(Cidr[]::new)));
        }
        this.rules = list.toArray(new Rule[0]);
        this.addresses = addresses;
        this.byPath = anyPath;
    }

    /** Whether some filter applies to some paths only: then {@link #admits} needs the path. */
    public boolean byPath() {
        return byPath;
    }

    /** Whether every filter that applies to {@code path} (within the context path; null outside it) admits the client. */
    public boolean admits(ServerRequest request, String path) {
        byte[] client = null;
        for (Rule rule : rules) {
            if (rule.appliesTo(path)) {
                if (client == null) {
                    client = addresses.resolve(request);
                }
                if (!rule.admits(client)) {
                    return false;
                }
            }
        }
        return true;
    }
}
