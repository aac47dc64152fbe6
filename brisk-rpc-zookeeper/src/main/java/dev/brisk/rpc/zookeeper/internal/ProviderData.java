package dev.brisk.rpc.zookeeper.internal;

import dev.brisk.rpc.spi.ProviderInfo;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The encoding of a provider node: its name is the provider's address ({@code host:port}, {@code [v6]:port}), its
 * data what a client needs besides, as one line of {@code key=value} pairs joined by {@code &}, keys and values
 * percent-encoded in UTF-8 (HTML form encoding, so that {@code &}, {@code =} and {@code %} inside values survive):
 *
 * <pre>v=1&amp;weight=100&amp;version=2.1&amp;group=eu&amp;meta.zone=eu-1</pre>
 *
 * {@code v} is the format (1); a reader skips a node whose format it does not know. {@code weight} (default 100),
 * {@code version} (default empty), {@code group} (default empty) and one {@code meta.<name>} per metadata entry
 * follow; readers ignore keys they do
 * not know, so newer servers may add some without changing {@code v}. Empty data stands for every default.
 */
public final class ProviderData {

    /** The format this class writes and reads. */
    public static final int FORMAT = 1;

    private static final String META = "meta.";

    private ProviderData() {
    }

    /** The node name of {@code provider}. */
    public static String nodeName(ProviderInfo provider) {
        return provider.address();
    }

    /** The node data of {@code provider}. */
    public static byte[] encode(ProviderInfo provider) {
        StringBuilder out = new StringBuilder(64);
        append(out, "v", Integer.toString(FORMAT));
        append(out, "weight", Integer.toString(provider.weight()));
        if (!provider.version().isEmpty()) {
            append(out, "version", provider.version());
        }
        if (!provider.group().isEmpty()) {
            append(out, "group", provider.group());
        }
        for (Map.Entry<String, String> entry : new TreeMap<>(provider.metadata()).entrySet()) {
            append(out, META + entry.getKey(), entry.getValue());
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void append(StringBuilder out, String key, String value) {
        if (out.length() > 0) {
            out.append('&');
        }
        out.append(URLEncoder.encode(key, StandardCharsets.UTF_8)).append('=')
                .append(URLEncoder.encode(value, StandardCharsets.UTF_8));
    }

    /**
     * The provider of {@code service} that node {@code nodeName} with {@code data} describes.
     *
     * @throws IllegalArgumentException naming what is wrong, when the name or data cannot be read
     */
    public static ProviderInfo decode(String service, String nodeName, byte[] data) {
        String[] address = address(nodeName);
        Map<String, String> fields = fields(data == null ? "" : new String(data, StandardCharsets.UTF_8));
        String format = fields.getOrDefault("v", Integer.toString(FORMAT));
        if (!format.equals(Integer.toString(FORMAT))) {
            throw new IllegalArgumentException("unsupported provider data format v=" + format + " (this reader knows "
                    + FORMAT + ")");
        }
        int weight = ProviderInfo.DEFAULT_WEIGHT;
        String weightText = fields.get("weight");
        if (weightText != null) {
            try {
                weight = Integer.parseInt(weightText);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("weight must be a number: '" + weightText + "'");
            }
        }
        Map<String, String> metadata = new LinkedHashMap<>();
        for (Map.Entry<String, String> field : fields.entrySet()) {
            if (field.getKey().startsWith(META) && field.getKey().length() > META.length()) {
                metadata.put(field.getKey().substring(META.length()), field.getValue());
            }
        }
        return new ProviderInfo(service, address[0], Integer.parseInt(address[1]), weight,
                fields.getOrDefault("version", ""), metadata, fields.getOrDefault("group", ""));
    }

    private static Map<String, String> fields(String text) {
        Map<String, String> fields = new HashMap<>();
        if (text.isBlank()) {
            return fields;
        }
        for (String pair : text.strip().split("&")) {
            int equals = pair.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException("expected key=value pairs joined by '&', found '" + pair + "'");
            }
            String key = URLDecoder.decode(pair.substring(0, equals), StandardCharsets.UTF_8);
            String value = URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8);
            if (fields.put(key, value) != null) {
                throw new IllegalArgumentException("key '" + key + "' appears twice");
            }
        }
        return fields;
    }

    private static String[] address(String nodeName) {
        int colon = nodeName.lastIndexOf(':');
        if (colon <= 0 || colon == nodeName.length() - 1) {
            throw new IllegalArgumentException("node name must be host:port: '" + nodeName + "'");
        }
        String host = nodeName.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        String port = nodeName.substring(colon + 1);
        try {
            Integer.parseInt(port);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("port must be a number in node name '" + nodeName + "'");
        }
        return new String[] {host, port};
    }
}
