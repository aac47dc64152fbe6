package dev.brisk.rest.jaxrs.internal.runtime;

import java.net.URI;
import java.util.Locale;
import java.util.Objects;

/**
 * Expresses a URI relative to a base URI, climbing with {@code ../} where needed (unlike
 * {@link URI#relativize(URI)}, which only handles targets below the base).
 */
final class Relativizer {

    private Relativizer() {
    }

    /** {@code target} relative to {@code base}; unchanged when scheme or authority differ. */
    static URI relativize(URI base, URI target) {
        if (target.isOpaque() || base.isOpaque()
                || !equalsIgnoreCase(base.getScheme(), target.getScheme())
                || !equalsIgnoreCase(base.getRawAuthority(), target.getRawAuthority())) {
            return target;
        }
        String basePath = base.getRawPath() == null || base.getRawPath().isEmpty() ? "/" : base.getRawPath();
        String targetPath = target.getRawPath() == null || target.getRawPath().isEmpty() ? "/" : target.getRawPath();
        String[] from = basePath.substring(0, basePath.lastIndexOf('/') + 1).split("/", -1);
        String[] to = targetPath.split("/", -1);
        // from ends with an empty element (the directory part ends with '/'); ignore it
        int fromDirs = from.length - 1;
        int common = 0;
        while (common < fromDirs && common < to.length - 1 && from[common].equals(to[common])) {
            common++;
        }
        StringBuilder sb = new StringBuilder();
        for (int i = common; i < fromDirs; i++) {
            sb.append("../");
        }
        for (int i = common; i < to.length; i++) {
            sb.append(to[i]);
            if (i < to.length - 1) {
                sb.append('/');
            }
        }
        if (sb.length() == 0 || sb.indexOf(":") >= 0 && sb.indexOf(":") < indexOfOr(sb, '/')) {
            sb.insert(0, "./");
        }
        if (target.getRawQuery() != null) {
            sb.append('?').append(target.getRawQuery());
        }
        if (target.getRawFragment() != null) {
            sb.append('#').append(target.getRawFragment());
        }
        return URI.create(sb.toString());
    }

    private static int indexOfOr(StringBuilder sb, char c) {
        int i = sb.indexOf(String.valueOf(c));
        return i < 0 ? sb.length() : i;
    }

    private static boolean equalsIgnoreCase(String a, String b) {
        return Objects.equals(a == null ? null : a.toLowerCase(Locale.ROOT), b == null ? null : b.toLowerCase(Locale.ROOT));
    }
}
