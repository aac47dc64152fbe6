package dev.brisk.rest.internal.router;

import io.netty.handler.codec.http.HttpMethod;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The outcome of one lookup, reusable across lookups so that matching allocates nothing: the candidates for the
 * method, the captured path segments as offsets into the path, and the methods the path allows (for 405).
 */
public final class RouteMatch<T> {

    private String path;
    private int[] captures = new int[16];
    private int captureCount;
    private List<T> candidates;
    private MethodTable<T> pathMatch;

    /** Clears the previous outcome. */
    void reset(String path) {
        this.path = path;
        this.captureCount = 0;
        this.candidates = null;
        this.pathMatch = null;
    }

    int mark() {
        return captureCount;
    }

    void rewind(int mark) {
        captureCount = mark;
    }

    void capture(int start, int end) {
        int index = captureCount << 1;
        if (index + 2 > captures.length) {
            captures = Arrays.copyOf(captures, captures.length << 1);
        }
        captures[index] = start;
        captures[index + 1] = end;
        captureCount++;
    }

    void found(List<T> candidates) {
        this.candidates = candidates;
    }

    void pathMatched(MethodTable<T> table) {
        if (pathMatch == null) {
            pathMatch = table;
        }
    }

    /** The path that was looked up. */
    public String path() {
        return path;
    }

    /** The routes for the method at the matched path (conditions not yet checked), or null. */
    public List<T> candidates() {
        return candidates;
    }

    /** Whether some route matched the path (possibly for other methods). */
    public boolean pathMatched() {
        return pathMatch != null;
    }

    /** The methods allowed at the first matching path, for a 405's Allow header. */
    public Set<HttpMethod> allowedMethods() {
        return pathMatch == null ? Set.of() : pathMatch.methods();
    }

    /** The routes of every method at the first matching path (for a 405), or an empty list. */
    public List<T> pathRoutes() {
        return pathMatch == null ? List.of() : pathMatch.all();
    }

    public int captureCount() {
        return captureCount;
    }

    public int captureStart(int i) {
        return captures[i << 1];
    }

    public int captureEnd(int i) {
        return captures[(i << 1) + 1];
    }

    /** Copies the captures out, for a request that outlives this match object. */
    public int[] captureOffsets() {
        return Arrays.copyOf(captures, captureCount << 1);
    }
}
