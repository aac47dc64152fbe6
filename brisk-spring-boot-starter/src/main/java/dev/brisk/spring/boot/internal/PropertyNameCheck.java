package dev.brisk.spring.boot.internal;

import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Refuses {@code brisk.*} keys that would be silently ignored: a key close to a Brisk property
 * ({@code brisk.max-conections}), the name an option would have where another property sets it
 * ({@code brisk.port}: {@code server.port}), and an unknown key in a group that holds only options
 * ({@code brisk.limits.*}). Start-up fails with one message naming each key and the property meant. Known are the
 * properties bound onto the options builders and every {@code brisk.*} property of the configuration metadata on the
 * class path (the starter's other groups: metrics, collapse, protection...). Environment variables are not checked:
 * other programs share their names.
 */
public final class PropertyNameCheck {

    private static final String METADATA = "META-INF/spring-configuration-metadata.json";
    private static final String ATTACHED_SOURCE = "configurationProperties";
    private static final ConfigurationPropertyName BRISK = ConfigurationPropertyName.of(ServerSettings.PREFIX);
    private static final int MAX_DISTANCE = 2;

    private PropertyNameCheck() {
    }

    /** Fails when {@code environment} sets a {@code brisk.*} key described above. */
    public static void verify(ConfigurableEnvironment environment, ClassLoader loader) {
        Set<String> keys = keys(environment, BRISK);
        Set<String> known = new TreeSet<>(ServerSettings.properties().keySet());
        keys.removeIf(key -> isKnown(key, known));
        if (keys.isEmpty()) {
            return;
        }
        known.addAll(metadataNames(loader));
        keys.removeIf(key -> isKnown(key, known));
        List<String> problems = problems(keys, known, ServerSettings.setElsewhere(), ServerSettings.groups());
        if (!problems.isEmpty()) {
            throw new IllegalStateException("Unknown Brisk properties:\n  " + String.join("\n  ", problems));
        }
    }

    /**
     * Fails when {@code environment} sets a key under {@code prefix} that is none of the {@code known} properties (or
     * below one): a group of its own, every key of which is known here ({@code brisk.rpc}). {@code groups}, the most
     * specific first, tell which properties to list for a key near none.
     */
    public static void verifyGroup(ConfigurableEnvironment environment, String prefix, Set<String> known,
                                   Map<String, String> setElsewhere, List<String> groups) {
        Set<String> keys = keys(environment, ConfigurationPropertyName.of(prefix));
        keys.removeIf(key -> isKnown(key, known));
        List<String> problems = problems(keys, new TreeSet<>(known), setElsewhere, groups);
        if (!problems.isEmpty()) {
            throw new IllegalStateException("Unknown Brisk properties:\n  " + String.join("\n  ", problems));
        }
    }

    /** What is wrong with each of {@code unknown} keys, for those it can tell. */
    static List<String> problems(Set<String> unknown, Set<String> known, Map<String, String> setElsewhere,
                                 List<String> groups) {
        List<String> problems = new ArrayList<>();
        for (String key : unknown) {
            String where = setElsewhere.get(key);
            if (where != null) {
                problems.add(key + " is not read: " + where + " sets it");
                continue;
            }
            String closest = closest(key, known);
            if (closest != null) {
                problems.add(key + " is not a Brisk property: did you mean " + closest + "?");
                continue;
            }
            for (String group : groups) {
                if (key.startsWith(group + ".")) {
                    problems.add(key + " is not a Brisk property; " + group + ".* are "
                            + String.join(", ", known.stream().filter(name -> name.startsWith(group + ".")).toList()));
                    break;
                }
            }
        }
        return problems;
    }

    /** The known property nearest to {@code key}, when it is near enough to be what was meant; else null. */
    static String closest(String key, Set<String> known) {
        String closest = null;
        int best = MAX_DISTANCE + 1;
        String plain = key.replace("-", "");
        for (String name : known) {
            int distance = distance(plain, name.replace("-", ""));
            if (distance < best) {
                best = distance;
                closest = name;
            }
        }
        return closest;
    }

    private static boolean isKnown(String key, Set<String> known) {
        ConfigurationPropertyName name = ConfigurationPropertyName.adapt(key, '.');
        for (String property : known) {
            ConfigurationPropertyName knownName = ConfigurationPropertyName.adapt(property, '.');
            if (knownName.equals(name) || knownName.isAncestorOf(name)) {
                return true;
            }
        }
        return false;
    }

    /** The keys under {@code prefix} of the environment's property sources but the environment variables, unindexed. */
    private static Set<String> keys(ConfigurableEnvironment environment, ConfigurationPropertyName prefix) {
        List<PropertySource<?>> sources = new ArrayList<>();
        for (PropertySource<?> source : environment.getPropertySources()) {
            if (!(source instanceof SystemEnvironmentPropertySource) && !ATTACHED_SOURCE.equals(source.getName())) {
                sources.add(source);
            }
        }
        Set<String> keys = new TreeSet<>();
        for (ConfigurationPropertySource source : ConfigurationPropertySources.from(sources)) {
            if (source instanceof IterableConfigurationPropertySource iterable) {
                iterable.stream().filter(prefix::isAncestorOf).forEach(name -> {
                    String key = name.toString();
                    int index = key.indexOf('[');
                    keys.add(index < 0 ? key : key.substring(0, index));
                });
            }
        }
        return keys;
    }

    /** The {@code brisk.*} properties of the configuration metadata on the class path. */
    private static Set<String> metadataNames(ClassLoader loader) {
        Set<String> names = new TreeSet<>();
        try {
            Enumeration<URL> files = loader.getResources(METADATA);
            JsonMapper mapper = null;
            while (files.hasMoreElements()) {
                byte[] content;
                try (InputStream in = files.nextElement().openStream()) {
                    content = in.readAllBytes();
                }
                if (!new String(content, StandardCharsets.UTF_8).contains("\"" + ServerSettings.PREFIX + ".")) {
                    continue;
                }
                mapper = mapper != null ? mapper : JsonMapper.builder().build();
                for (JsonNode property : mapper.readTree(content).path("properties")) {
                    String name = property.path("name").asString("");
                    if (name.startsWith(ServerSettings.PREFIX + ".")) {
                        names.add(name);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + METADATA, e);
        }
        return names;
    }

    /** Levenshtein distance. */
    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
