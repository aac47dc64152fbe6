package dev.brisk.http.common;

import io.netty.util.AsciiString;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Content coding negotiation by {@code Accept-Encoding} (RFC 9110, section 12.5.3): the offered coding with the
 * highest q-value wins, the server's order of preference breaking ties; {@code *} stands for codings not named, q=0
 * refuses, and a malformed q-value counts as a refusal. Coding names compare case-insensitively; {@code x-gzip} is
 * {@code gzip}.
 */
public final class AcceptEncoding {

    private static final AsciiString FIELD = AsciiString.cached("accept-encoding");

    private AcceptEncoding() {
    }

    /**
     * The request's {@code Accept-Encoding} as one list: its field lines joined (RFC 9110, 5.3), or null when it has
     * none.
     */
    public static String field(Headers headers) {
        String first = headers.get(FIELD, null);
        if (first == null) {
            return null;
        }
        List<String> lines = headers.all(FIELD);
        return lines.size() <= 1 ? first : String.join(", ", lines);
    }

    /** The coding of {@code offered} (in the server's order of preference) to use, empty for none (identity). */
    public static Optional<String> negotiate(CharSequence field, List<String> offered) {
        int index = choose(field, offered);
        return index < 0 ? Optional.empty() : Optional.of(offered.get(index));
    }

    /** Whether {@code field} accepts {@code coding} with a q-value above 0. */
    public static boolean accepts(CharSequence field, String coding) {
        return choose(field, List.of(coding)) == 0;
    }

    /** The index in {@code offered} of the coding to use, -1 for none. */
    public static int choose(CharSequence field, List<String> offered) {
        if (field == null || offered.isEmpty()) {
            return -1;
        }
        String value = field.toString();
        int[] q = new int[offered.size()];
        Arrays.fill(q, -1);
        int wildcard = -1;
        int length = value.length();
        int start = 0;
        while (start < length) {
            int end = value.indexOf(',', start);
            if (end < 0) {
                end = length;
            }
            int semicolon = value.indexOf(';', start);
            int tokenEnd = semicolon >= 0 && semicolon < end ? semicolon : end;
            String token = value.substring(start, tokenEnd).strip();
            int weight = tokenEnd < end ? qValue(value, tokenEnd + 1, end) : 1000;
            if (token.equals("*")) {
                wildcard = weight;
            } else if (!token.isEmpty()) {
                if (token.equalsIgnoreCase("x-gzip")) {
                    token = "gzip";
                }
                for (int i = 0; i < q.length; i++) {
                    if (offered.get(i).equalsIgnoreCase(token)) {
                        q[i] = Math.max(q[i], weight);
                    }
                }
            }
            start = end + 1;
        }
        int best = -1;
        int bestQ = 0;
        for (int i = 0; i < q.length; i++) {
            int weight = q[i] >= 0 ? q[i] : wildcard;
            if (weight > bestQ) {
                best = i;
                bestQ = weight;
            }
        }
        return best;
    }

    /** The q parameter among {@code ;}-separated parameters in [from, to), in thousandths; 1000 when absent. */
    private static int qValue(String value, int from, int to) {
        for (String parameter : value.substring(from, to).split(";")) {
            String p = parameter.strip();
            if (p.length() >= 2 && (p.charAt(0) == 'q' || p.charAt(0) == 'Q') && p.charAt(1) == '=') {
                return parseQ(p.substring(2).strip());
            }
        }
        return 1000;
    }

    /** {@code 0}, {@code 0.5}, {@code 1.000}...; anything else counts as 0. */
    private static int parseQ(String text) {
        try {
            double q = Double.parseDouble(text);
            return q >= 0 && q <= 1 ? (int) Math.round(q * 1000) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
