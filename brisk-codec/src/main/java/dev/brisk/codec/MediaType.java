package dev.brisk.codec;

import dev.brisk.http.common.HttpSyntax;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A media type such as {@code application/json; charset=utf-8} (RFC 9110, section 8.3.1): type and subtype in lower
 * case, parameters, and the quality weight {@code q} when it comes from an Accept header. Immutable; parsed values
 * are cached, so parsing the same header text again costs a map lookup.
 *
 * <p>{@link #parse} normalizes for matching: the charset value is lower-cased and {@code q} becomes the
 * {@link #quality()}. {@link #parseAsWritten} and {@link #of(String, String, Map)} keep parameters as written, for
 * APIs whose media types are values (Jakarta REST). Tokens and quoted
 * strings follow {@link HttpSyntax}, the RFC 9110 (section 5.6) rules Brisk's server and client share.
 */
public final class MediaType {

    public static final MediaType ALL = new MediaType("*", "*", Map.of(), 1.0);
    public static final MediaType APPLICATION_JSON = new MediaType("application", "json", Map.of(), 1.0);
    public static final MediaType APPLICATION_PROBLEM_JSON = new MediaType("application", "problem+json", Map.of(), 1.0);
    public static final MediaType APPLICATION_OCTET_STREAM = new MediaType("application", "octet-stream", Map.of(), 1.0);
    public static final MediaType APPLICATION_PROTOBUF = new MediaType("application", "x-protobuf", Map.of(), 1.0);
    public static final MediaType APPLICATION_FORM_URLENCODED =
            new MediaType("application", "x-www-form-urlencoded", Map.of(), 1.0);
    public static final MediaType MULTIPART_FORM_DATA = new MediaType("multipart", "form-data", Map.of(), 1.0);
    public static final MediaType TEXT_PLAIN = new MediaType("text", "plain", Map.of(), 1.0);
    public static final MediaType TEXT_PLAIN_UTF8 = new MediaType("text", "plain", Map.of("charset", "utf-8"), 1.0);
    public static final MediaType TEXT_HTML = new MediaType("text", "html", Map.of(), 1.0);

    /** Most specific first, then by quality: the order in which Accept entries are considered. */
    public static final Comparator<MediaType> SPECIFICITY_ORDER = Comparator
            .comparingDouble(MediaType::quality).reversed()
            .thenComparing(Comparator.comparingInt(MediaType::specificity).reversed());

    private static final int CACHE_LIMIT = 512;
    private static final Map<String, MediaType> CACHE = new ConcurrentHashMap<>();
    private static final Map<String, MediaType> AS_WRITTEN_CACHE = new ConcurrentHashMap<>();
    private static final Map<String, List<MediaType>> LIST_CACHE = new ConcurrentHashMap<>();

    static {
        for (MediaType common : List.of(ALL, APPLICATION_JSON, APPLICATION_PROBLEM_JSON, APPLICATION_OCTET_STREAM,
                APPLICATION_PROTOBUF, APPLICATION_FORM_URLENCODED, MULTIPART_FORM_DATA, TEXT_PLAIN, TEXT_PLAIN_UTF8,
                TEXT_HTML)) {
            CACHE.put(common.toString(), common);
        }
    }

    private final String type;
    private final String subtype;
    private final Map<String, String> parameters;
    private final double quality;
    private final String text;

    private MediaType(String type, String subtype, Map<String, String> parameters, double quality) {
        this.type = type;
        this.subtype = subtype;
        this.parameters = parameters;
        this.quality = quality;
        this.text = format("; ");
    }

    private String format(String separator) {
        StringBuilder sb = new StringBuilder(type).append('/').append(subtype);
        parameters.forEach((name, value) -> sb.append(separator).append(name).append('=').append(HttpSyntax.quoteIfNeeded(value)));
        return sb.toString();
    }

    /**
     * A media type from its parts; {@code type} and {@code subtype} must be tokens ({@code *} is one).
     *
     * @throws IllegalArgumentException when they are not, or for {@code *}/subtype
     */
    public static MediaType of(String type, String subtype) {
        requireTypeAndSubtype(type, subtype);
        return parse(type + "/" + subtype);
    }

    /**
     * A media type from its parts, parameters as written: values keep their case and {@code q} is a parameter like any
     * other (the quality stays 1). Type, subtype and parameter names are case-insensitive and come out in lower case.
     *
     * @throws IllegalArgumentException when type, subtype or a parameter name is not a token, for {@code *}/subtype,
     *                                  or for a parameter without a value
     */
    public static MediaType of(String type, String subtype, Map<String, String> parameters) {
        if (parameters.isEmpty()) {
            return of(type, subtype);
        }
        requireTypeAndSubtype(type, subtype);
        Map<String, String> copy = new LinkedHashMap<>();
        parameters.forEach((name, value) -> {
            if (name == null || !HttpSyntax.isToken(name)) {
                throw new IllegalArgumentException("invalid media type " + type + "/" + subtype + ": parameter name \""
                        + name + "\" is not a token");
            }
            if (value == null) {
                throw new IllegalArgumentException("invalid media type " + type + "/" + subtype + ": parameter \""
                        + name + "\" has no value");
            }
            copy.put(name.toLowerCase(Locale.ROOT), value);
        });
        return new MediaType(type.toLowerCase(Locale.ROOT), subtype.toLowerCase(Locale.ROOT),
                Collections.unmodifiableMap(copy), 1.0);
    }

    private static void requireTypeAndSubtype(String type, String subtype) {
        if (type == null || subtype == null || !HttpSyntax.isToken(type) || !HttpSyntax.isToken(subtype)) {
            throw new IllegalArgumentException("invalid media type " + type + "/" + subtype
                    + ": type and subtype must be tokens");
        }
        if (type.equals("*") && !subtype.equals("*")) {
            throw new IllegalArgumentException("invalid media type " + type + "/" + subtype
                    + ": */subtype is not allowed");
        }
    }

    /**
     * Parses one media type; a {@code q} parameter becomes the quality.
     *
     * @throws IllegalArgumentException naming what is wrong with {@code text}
     */
    public static MediaType parse(String text) {
        return parse(text, false, CACHE);
    }

    /**
     * Parses one media type keeping its parameters as written, as {@link #of(String, String, Map)} takes them:
     * values keep their case (the charset too) and {@code q} stays a parameter. The syntax is that of
     * {@link #parse}.
     *
     * @throws IllegalArgumentException naming what is wrong with {@code text}
     */
    public static MediaType parseAsWritten(String text) {
        return parse(text, true, AS_WRITTEN_CACHE);
    }

    private static MediaType parse(String text, boolean asWritten, Map<String, MediaType> cache) {
        MediaType cached = cache.get(text);
        if (cached != null) {
            return cached;
        }
        MediaType parsed = doParse(text, asWritten);
        if (cache.size() < CACHE_LIMIT) {
            cache.put(text, parsed);
        }
        return parsed;
    }

    /** Parses a comma-separated list (an Accept header), most preferred first; empty text means {@code *}/{@code *}. */
    public static List<MediaType> parseList(String text) {
        if (text == null || text.isBlank()) {
            return List.of(ALL);
        }
        List<MediaType> cached = LIST_CACHE.get(text);
        if (cached != null) {
            return cached;
        }
        List<MediaType> list = new ArrayList<>();
        for (String part : splitOutsideQuotes(text, ',')) {
            if (!part.isBlank()) {
                list.add(parse(part.trim()));
            }
        }
        if (list.isEmpty()) {
            list.add(ALL); // only separators: no preference stated
        }
        list.sort(SPECIFICITY_ORDER);
        List<MediaType> result = Collections.unmodifiableList(list);
        if (LIST_CACHE.size() < CACHE_LIMIT) {
            LIST_CACHE.put(text, result);
        }
        return result;
    }

    private static MediaType doParse(String text, boolean asWritten) {
        List<String> parts = splitOutsideQuotes(text, ';');
        String full = parts.get(0).trim();
        int slash = full.indexOf('/');
        if (slash <= 0 || slash == full.length() - 1) {
            throw new IllegalArgumentException("invalid media type \"" + text + "\": expected type/subtype");
        }
        String type = full.substring(0, slash);
        String subtype = full.substring(slash + 1);
        if (!HttpSyntax.isToken(type) || !HttpSyntax.isToken(subtype)) {
            throw new IllegalArgumentException("invalid media type \"" + text + "\": type and subtype must be tokens");
        }
        if (type.equals("*") && !subtype.equals("*")) {
            throw new IllegalArgumentException("invalid media type \"" + text + "\": */subtype is not allowed");
        }
        Map<String, String> parameters = new LinkedHashMap<>();
        double quality = 1.0;
        for (int i = 1; i < parts.size(); i++) {
            String parameter = parts.get(i).trim();
            if (parameter.isEmpty()) {
                continue;
            }
            int eq = parameter.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("invalid media type \"" + text + "\": parameter \"" + parameter
                        + "\" has no value");
            }
            String name = parameter.substring(0, eq).trim();
            if (!HttpSyntax.isToken(name)) {
                throw new IllegalArgumentException("invalid media type \"" + text + "\": parameter name \"" + name
                        + "\" is not a token");
            }
            name = name.toLowerCase(Locale.ROOT);
            String value = HttpSyntax.unquote(parameter.substring(eq + 1));
            if (asWritten) {
                parameters.put(name, value);
            } else if (name.equals("q")) {
                try {
                    quality = Double.parseDouble(value);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("invalid media type \"" + text + "\": q is not a number");
                }
                if (!(quality >= 0 && quality <= 1)) { // NaN too
                    throw new IllegalArgumentException("invalid media type \"" + text + "\": q outside [0, 1]");
                }
                quality += 0.0; // -0 is 0
            } else {
                parameters.put(name, name.equals("charset") ? value.toLowerCase(Locale.ROOT) : value);
            }
        }
        return new MediaType(type.toLowerCase(Locale.ROOT), subtype.toLowerCase(Locale.ROOT),
                Collections.unmodifiableMap(parameters), quality);
    }

    private static List<String> splitOutsideQuotes(String text, char separator) {
        List<String> parts = new ArrayList<>(4);
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && quoted) {
                i++; // a quoted-pair: the next character is taken as it is
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == separator && !quoted) {
                parts.add(text.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(text.substring(start));
        return parts;
    }

    public String type() {
        return type;
    }

    public String subtype() {
        return subtype;
    }

    public Map<String, String> parameters() {
        return parameters;
    }

    /** The quality weight from an Accept header (1.0 when absent). */
    public double quality() {
        return quality;
    }

    /** The charset parameter. */
    public Optional<Charset> charset() {
        String charset = parameters.get("charset");
        return charset == null ? Optional.empty() : Optional.of(Charset.forName(charset));
    }

    /** The charset parameter, or UTF-8. */
    public Charset charsetOrUtf8() {
        String charset = parameters.get("charset");
        return charset == null ? StandardCharsets.UTF_8 : Charset.forName(charset);
    }

    public boolean isWildcardType() {
        return type.equals("*");
    }

    public boolean isWildcardSubtype() {
        return subtype.equals("*") || subtype.startsWith("*+");
    }

    /** 0 for {@code *}/{@code *}, 1 for {@code type/*}, 2 for a concrete type, 3 with parameters. */
    public int specificity() {
        if (isWildcardType()) {
            return 0;
        }
        if (isWildcardSubtype()) {
            return 1;
        }
        return parameters.isEmpty() ? 2 : 3;
    }

    /** The structured syntax suffix, e.g. {@code json} for {@code application/problem+json}. */
    public Optional<String> suffix() {
        int plus = subtype.lastIndexOf('+');
        return plus < 0 ? Optional.empty() : Optional.of(subtype.substring(plus + 1));
    }

    /** Whether JSON fits: {@code application/json}, any {@code +json} type, {@code application/*} or {@code *}/{@code *}. */
    public boolean isJson() {
        return isWildcardType() || type.equals("application") && (subtype.equals("json") || subtype.equals("*")
                || suffix().filter("json"::equals).isPresent());
    }

    /** Whether this (possibly wildcard) type includes {@code other}: {@code text/*} includes {@code text/plain}. */
    public boolean includes(MediaType other) {
        if (isWildcardType()) {
            return true;
        }
        if (!type.equals(other.type)) {
            return false;
        }
        if (subtype.equals(other.subtype) || subtype.equals("*")) {
            return true;
        }
        if (subtype.startsWith("*+")) {
            return other.suffix().map(s -> s.equals(subtype.substring(2))).orElse(false);
        }
        return false;
    }

    /** Whether either includes the other. */
    public boolean isCompatibleWith(MediaType other) {
        return includes(other) || other.includes(this);
    }

    /** The same type without parameters and quality. */
    public MediaType withoutParameters() {
        return parameters.isEmpty() && quality == 1.0 ? this : new MediaType(type, subtype, Map.of(), 1.0);
    }

    /** The same type with {@code charset}. */
    public MediaType withCharset(Charset charset) {
        Map<String, String> copy = new LinkedHashMap<>(parameters);
        copy.put("charset", charset.name().toLowerCase(Locale.ROOT));
        return new MediaType(type, subtype, Collections.unmodifiableMap(copy), quality);
    }

    /** Type and subtype equal, ignoring parameters. */
    public boolean equalsTypeAndSubtype(MediaType other) {
        return type.equals(other.type) && subtype.equals(other.subtype);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MediaType other && text.equals(other.text) && quality == other.quality;
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    /** The canonical text without the quality, e.g. {@code text/plain; charset=utf-8}. */
    @Override
    public String toString() {
        return text;
    }

    /**
     * The text without the quality and with no space after each {@code ;}, e.g. {@code text/plain;charset=utf-8}: the
     * form Jakarta REST writes media types in.
     */
    public String toCompactString() {
        return parameters.isEmpty() ? text : format(";");
    }
}
