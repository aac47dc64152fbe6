package dev.brisk.rpc.internal;

/**
 * The provider versions a consumer accepts: any (empty text or {@code *}), one version ({@code 2.1.0}, or
 * {@code [2.1.0]}), or an interval in Maven's notation, each bound included with a square bracket and excluded with a
 * parenthesis, either side open when left empty ({@code [2.0,3.0)}, {@code [2.0,)}, {@code (,3.0]}).
 *
 * <p>Versions compare by their dot-separated parts, a missing part counting as {@code 0} ({@code 2.0} equals
 * {@code 2.0.0}). A part compares by its leading number ({@code 10} is after {@code 9}), then a part with something
 * after its number ({@code 0-rc1}) comes before the same number alone ({@code 0}), and two such suffixes compare as
 * text. A provider without a version is accepted only by "any".
 */
public final class VersionRange {

    /** Accepts every provider, with a version or without. */
    public static final VersionRange ANY = new VersionRange("", null, false, null, false);

    private final String text;
    private final String lower;
    private final boolean lowerIncluded;
    private final String upper;
    private final boolean upperIncluded;

    private VersionRange(String text, String lower, boolean lowerIncluded, String upper, boolean upperIncluded) {
        this.text = text;
        this.lower = lower;
        this.lowerIncluded = lowerIncluded;
        this.upper = upper;
        this.upperIncluded = upperIncluded;
    }

    /**
     * The range {@code text} writes.
     *
     * @throws IllegalArgumentException naming the text and what is wrong with it
     */
    public static VersionRange parse(String text) {
        if (text == null) {
            throw new IllegalArgumentException("version range must not be null");
        }
        String trimmed = text.strip();
        if (trimmed.isEmpty() || trimmed.equals("*")) {
            return ANY;
        }
        char first = trimmed.charAt(0);
        if (first != '[' && first != '(') {
            checkVersion(trimmed, text);
            return new VersionRange(trimmed, trimmed, true, trimmed, true);
        }
        char last = trimmed.charAt(trimmed.length() - 1);
        if (last != ']' && last != ')') {
            throw invalid(text, "a range opened with '" + first + "' must end with ']' or ')'");
        }
        String inside = trimmed.substring(1, trimmed.length() - 1);
        int comma = inside.indexOf(',');
        if (comma < 0) {
            if (first != '[' || last != ']') {
                throw invalid(text, "a single version in brackets is written [version]");
            }
            String version = inside.strip();
            checkVersion(version, text);
            return new VersionRange(trimmed, version, true, version, true);
        }
        if (inside.indexOf(',', comma + 1) >= 0) {
            throw invalid(text, "a range has one comma, between its lower and upper bound");
        }
        String lower = inside.substring(0, comma).strip();
        String upper = inside.substring(comma + 1).strip();
        if (!lower.isEmpty()) {
            checkVersion(lower, text);
        } else if (first == '[') {
            throw invalid(text, "an open lower bound is written with '('");
        }
        if (!upper.isEmpty()) {
            checkVersion(upper, text);
        } else if (last == ']') {
            throw invalid(text, "an open upper bound is written with ')'");
        }
        if (!lower.isEmpty() && !upper.isEmpty()) {
            int order = compare(lower, upper);
            if (order > 0 || order == 0 && (first == '(' || last == ')')) {
                throw invalid(text, "it contains no version: its lower bound is not below its upper bound");
            }
        }
        return new VersionRange(trimmed, lower.isEmpty() ? null : lower, first == '[',
                upper.isEmpty() ? null : upper, last == ']');
    }

    private static void checkVersion(String version, String text) {
        for (String part : version.split("\\.", -1)) {
            if (part.isEmpty() || part.charAt(0) < '0' || part.charAt(0) > '9') {
                throw invalid(text, "'" + version + "' is not a version: its dot-separated parts must each start "
                        + "with a digit");
            }
        }
        for (int i = 0; i < version.length(); i++) {
            char c = version.charAt(i);
            if (Character.isWhitespace(c) || c == ',' || c == '[' || c == ']' || c == '(' || c == ')') {
                throw invalid(text, "'" + version + "' is not a version: it contains '" + c + "'");
            }
        }
    }

    private static IllegalArgumentException invalid(String text, String why) {
        return new IllegalArgumentException("invalid version range '" + text + "': " + why + " (write 2.1.0, [2.1.0],"
                + " [2.0,3.0), [2.0,) or (,3.0], or * for any)");
    }

    /** Whether this is {@link #ANY}. */
    public boolean any() {
        return this == ANY;
    }

    /** Whether a provider of {@code version} (empty when it declares none) is accepted. */
    public boolean includes(String version) {
        if (any()) {
            return true;
        }
        if (version == null || version.isEmpty()) {
            return false;
        }
        if (lower != null) {
            int order = compare(version, lower);
            if (order < 0 || order == 0 && !lowerIncluded) {
                return false;
            }
        }
        if (upper != null) {
            int order = compare(version, upper);
            return order < 0 || order == 0 && upperIncluded;
        }
        return true;
    }

    /**
     * Compares two versions part by part as the class describes: negative when {@code a} comes before {@code b}.
     */
    public static int compare(String a, String b) {
        String[] left = a.split("\\.");
        String[] right = b.split("\\.");
        for (int i = 0; i < Math.max(left.length, right.length); i++) {
            int order = comparePart(i < left.length ? left[i] : "0", i < right.length ? right[i] : "0");
            if (order != 0) {
                return order;
            }
        }
        return 0;
    }

    private static int comparePart(String a, String b) {
        int digitsA = leadingDigits(a);
        int digitsB = leadingDigits(b);
        int order = compareNumbers(a.substring(0, digitsA), b.substring(0, digitsB));
        if (order != 0) {
            return order;
        }
        String suffixA = a.substring(digitsA);
        String suffixB = b.substring(digitsB);
        if (suffixA.isEmpty() || suffixB.isEmpty()) {
            return Boolean.compare(suffixA.isEmpty(), suffixB.isEmpty());
        }
        return suffixA.compareTo(suffixB);
    }

    private static int leadingDigits(String part) {
        int i = 0;
        while (i < part.length() && part.charAt(i) >= '0' && part.charAt(i) <= '9') {
            i++;
        }
        return i;
    }

    /** Compares two runs of decimal digits by value, whatever their length ({@code ""} is below {@code "0"}). */
    private static int compareNumbers(String a, String b) {
        if (a.isEmpty() || b.isEmpty()) {
            return Boolean.compare(!a.isEmpty(), !b.isEmpty());
        }
        String x = stripZeros(a);
        String y = stripZeros(b);
        return x.length() != y.length() ? Integer.compare(x.length(), y.length()) : x.compareTo(y);
    }

    private static String stripZeros(String digits) {
        int i = 0;
        while (i < digits.length() - 1 && digits.charAt(i) == '0') {
            i++;
        }
        return digits.substring(i);
    }

    /** The range as written, {@code *} for any. */
    @Override
    public String toString() {
        return any() ? "*" : text;
    }
}
