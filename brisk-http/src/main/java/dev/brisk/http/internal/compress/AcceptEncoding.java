package dev.brisk.http.internal.compress;

/**
 * Chooses a content coding from an {@code Accept-Encoding} field (RFC 9110, section 12.5.3): the offered coding with
 * the highest q-value, the server's order of preference breaking ties; {@code *} stands for codings not named; q=0
 * refuses.
 */
final class AcceptEncoding {

    private AcceptEncoding() {
    }

    /** The coding to use, or null for none (identity). {@code offered} is in the server's order of preference. */
    static ContentCoding choose(CharSequence field, ContentCoding[] offered) {
        if (field == null || offered.length == 0) {
            return null;
        }
        String value = field.toString();
        int[] q = new int[offered.length];
        java.util.Arrays.fill(q, -1);
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
                ContentCoding coding = ContentCoding.of(token);
                for (int i = 0; i < offered.length; i++) {
                    if (offered[i] == coding) {
                        q[i] = Math.max(q[i], weight);
                    }
                }
            }
            start = end + 1;
        }
        ContentCoding best = null;
        int bestQ = 0;
        for (int i = 0; i < offered.length; i++) {
            int weight = q[i] >= 0 ? q[i] : wildcard;
            if (weight > bestQ) {
                best = offered[i];
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

    /** {@code 0}, {@code 0.5}, {@code 1.000}...; anything malformed counts as 0 (refused). */
    private static int parseQ(String text) {
        try {
            double q = Double.parseDouble(text);
            return q >= 0 && q <= 1 ? (int) Math.round(q * 1000) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
