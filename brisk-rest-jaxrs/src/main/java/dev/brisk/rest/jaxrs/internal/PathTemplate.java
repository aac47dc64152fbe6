package dev.brisk.rest.jaxrs.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A Jakarta REST path template ({@code /books/{id}}, {@code {id: \d+}}, {@code reports/{year}.csv},
 * {@code files/{path: .+}}) translated for Brisk's router, with the specification's precedence key (literal
 * characters, then template variables, then variables with a regex, all descending) and a regex that extracts the
 * variables where the router cannot: segments mixing literals and variables, and variables spanning segments.
 */
public final class PathTemplate {

    /** Orders templates as section 3.7.2 of the specification sorts them: the most specific first. */
    public static final Comparator<PathTemplate> PRECEDENCE = Comparator
            .comparingInt((PathTemplate t) -> t.literalCharacters).reversed()
            .thenComparing(Comparator.comparingInt((PathTemplate t) -> t.variableCount).reversed())
            .thenComparing(Comparator.comparingInt((PathTemplate t) -> t.regexCount).reversed());

    private static final String DEFAULT_REGEX = "[^/]+";

    private final String template;
    private final String routerTemplate;
    private final Pattern pattern;
    private final Map<String, Integer> groups;
    private final boolean routerExtracts;
    private final int literalCharacters;
    private final int variableCount;
    private final int regexCount;

    private PathTemplate(String template, String routerTemplate, Pattern pattern, Map<String, Integer> groups,
                         boolean routerExtracts, int literalCharacters, int variableCount, int regexCount) {
        this.template = template;
        this.routerTemplate = routerTemplate;
        this.pattern = pattern;
        this.groups = groups;
        this.routerExtracts = routerExtracts;
        this.literalCharacters = literalCharacters;
        this.variableCount = variableCount;
        this.regexCount = regexCount;
    }

    /** Joins {@code @Path} values into one template: one '/' between parts, no trailing '/'. */
    public static String join(String... parts) {
        StringBuilder sb = new StringBuilder();
        for (String part : parts) {
            if (part == null) {
                continue;
            }
            String trimmed = part.trim();
            while (trimmed.startsWith("/")) {
                trimmed = trimmed.substring(1);
            }
            while (trimmed.endsWith("/")) {
                trimmed = trimmed.substring(0, trimmed.length() - 1);
            }
            if (!trimmed.isEmpty()) {
                sb.append('/').append(trimmed);
            }
        }
        return sb.length() == 0 ? "/" : sb.toString();
    }

    /**
     * Parses a joined template (starting with '/').
     *
     * @throws IllegalArgumentException naming the template and what is wrong with it
     */
    public static PathTemplate parse(String template) {
        List<String> segments = segments(template);
        StringBuilder router = new StringBuilder();
        StringBuilder regex = new StringBuilder();
        Map<String, Integer> groups = new LinkedHashMap<>();
        boolean routerExtracts = true;
        int literals = 0;
        int variables = 0;
        int regexes = 0;
        int group = 1;
        for (int s = 0; s < segments.size(); s++) {
            String segment = segments.get(s);
            boolean last = s == segments.size() - 1;
            regex.append('/');
            literals++;
            List<Object> tokens = tokens(template, segment);
            StringBuilder segmentRegex = new StringBuilder();
            StringBuilder routerRegex = new StringBuilder();
            for (Object token : tokens) {
                if (token instanceof String literal) {
                    literals += literal.length();
                    segmentRegex.append(Pattern.quote(literal));
                    routerRegex.append(Pattern.quote(literal));
                    continue;
                }
                routerRegex.append(".+");
                Variable variable = (Variable) token;
                variables++;
                if (variable.regex != null) {
                    regexes++;
                }
                String variableRegex = variable.regex == null ? DEFAULT_REGEX : variable.regex;
                Integer previous = groups.putIfAbsent(variable.name, group);
                if (previous != null) {
                    // a repeated name must match the same text
                    segmentRegex.append("\\").append(previous);
                    routerExtracts = false;
                    continue;
                }
                segmentRegex.append('(').append(variableRegex).append(')');
                group += 1 + groupCount(template, variableRegex);
            }
            regex.append(segmentRegex);
            router.append('/');
            if (tokens.size() == 1 && tokens.get(0) instanceof String literal) {
                router.append(literal);
            } else if (tokens.size() == 1 && tokens.get(0) instanceof Variable variable && routerName(variable.name)) {
                if (variable.regex == null) {
                    router.append('{').append(variable.name).append('}');
                } else if (last && spansSegments(variable.regex)) {
                    router.append("{*").append(variable.name).append('}');
                    routerExtracts = false;
                } else if (variable.regex.indexOf('/') >= 0) {
                    router.append('{').append(variable.name).append(":.+}");
                    routerExtracts = false;
                } else {
                    router.append('{').append(variable.name).append(':').append(variable.regex).append('}');
                }
            } else {
                // the router captures the whole segment; the variables are extracted with the template's regex
                router.append("{_s").append(s).append(':').append(routerRegex).append('}');
                routerExtracts = false;
            }
        }
        if (segments.isEmpty()) {
            router.append('/');
            regex.append('/');
        }
        Pattern pattern;
        try {
            pattern = Pattern.compile(regex.toString());
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("invalid regex in @Path " + template + ": " + e.getDescription());
        }
        return new PathTemplate(template, router.toString(), pattern, Map.copyOf(groups), routerExtracts, literals,
                variables, regexes);
    }

    /** Splits at '/' outside braces. */
    private static List<String> segments(String template) {
        List<String> segments = new ArrayList<>();
        int depth = 0;
        int start = 1;
        for (int i = 1; i < template.length(); i++) {
            char c = template.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}') {
                depth--;
            } else if (c == '/' && depth == 0) {
                segments.add(template.substring(start, i));
                start = i + 1;
            }
        }
        if (start < template.length()) {
            segments.add(template.substring(start));
        }
        return segments;
    }

    private record Variable(String name, String regex) {
    }

    /** Literal strings and variables of one segment. */
    private static List<Object> tokens(String template, String segment) {
        List<Object> tokens = new ArrayList<>();
        int i = 0;
        while (i < segment.length()) {
            int open = segment.indexOf('{', i);
            if (open < 0) {
                tokens.add(segment.substring(i));
                break;
            }
            if (open > i) {
                tokens.add(segment.substring(i, open));
            }
            int depth = 0;
            int close = -1;
            for (int j = open; j < segment.length(); j++) {
                char c = segment.charAt(j);
                if (c == '{') {
                    depth++;
                } else if (c == '}' && --depth == 0) {
                    close = j;
                    break;
                }
            }
            if (close < 0) {
                throw new IllegalArgumentException("unclosed '{' in @Path " + template);
            }
            String inner = segment.substring(open + 1, close);
            int colon = inner.indexOf(':');
            String name = (colon < 0 ? inner : inner.substring(0, colon)).trim();
            String regex = colon < 0 ? null : inner.substring(colon + 1).trim();
            if (name.isEmpty()) {
                throw new IllegalArgumentException("a template variable has no name in @Path " + template);
            }
            tokens.add(new Variable(name, regex == null || regex.isEmpty() ? null : regex));
            i = close + 1;
        }
        if (tokens.isEmpty()) {
            tokens.add("");
        }
        return tokens;
    }

    private static int groupCount(String template, String regex) {
        try {
            return Pattern.compile(regex).matcher("").groupCount();
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("invalid regex '" + regex + "' in @Path " + template + ": "
                    + e.getDescription());
        }
    }

    private static boolean spansSegments(String regex) {
        return Pattern.compile(regex).matcher("a/b").matches();
    }

    /** Whether the router accepts {@code name} as a variable name. */
    private static boolean routerName(String name) {
        if (!Character.isJavaIdentifierStart(name.charAt(0))) {
            return false;
        }
        for (int i = 1; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!Character.isJavaIdentifierPart(c) && c != '-' && c != '.') {
                return false;
            }
        }
        return true;
    }

    /** The template as written (joined). */
    public String template() {
        return template;
    }

    /** The template in the router's syntax. */
    public String routerTemplate() {
        return routerTemplate;
    }

    /** Whether every variable is a whole router segment, so the router's captures are the variables. */
    public boolean routerExtracts() {
        return routerExtracts;
    }

    /** The variable names. */
    public Set<String> variables() {
        return groups.keySet();
    }

    /**
     * Matches a raw path (percent-encoded, without matrix parameters) and returns the raw values of the variables,
     * or null when it does not match.
     */
    public Map<String, String> match(String rawPath) {
        Matcher matcher = pattern.matcher(rawPath);
        if (!matcher.matches()) {
            return null;
        }
        Map<String, String> values = new LinkedHashMap<>();
        groups.forEach((name, index) -> values.put(name, matcher.group(index)));
        return values;
    }

    /**
     * Whether some path could match both templates (conservative: only segments that are different literals in both
     * rule it out).
     */
    public boolean mayOverlap(PathTemplate other) {
        String[] a = routerTemplate.substring(1).split("/", -1);
        String[] b = other.routerTemplate.substring(1).split("/", -1);
        boolean restA = a[a.length - 1].startsWith("{*");
        boolean restB = b[b.length - 1].startsWith("{*");
        if (!restA && !restB && a.length != b.length) {
            return false;
        }
        int common = Math.min(a.length, b.length);
        for (int i = 0; i < common; i++) {
            if (a[i].indexOf('{') < 0 && b[i].indexOf('{') < 0 && !a[i].equals(b[i])) {
                return false;
            }
        }
        return restA || restB || a.length == b.length;
    }

    @Override
    public String toString() {
        return template;
    }
}
