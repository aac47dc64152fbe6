package dev.brisk.rest.jaxrs.internal;

import jakarta.ws.rs.core.Application;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The properties of an {@code Application} that Brisk reads: the packages and classes to scan (Jersey's names, for a
 * plain {@code Application}; a {@code ResourceConfig} scans them itself), and a warning naming the Jersey
 * properties Brisk gives no meaning to.
 */
final class ApplicationProperties {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest.jaxrs");

    private ApplicationProperties() {
    }

    /** The classes the application's scanning properties name: those of its packages, then those it lists. */
    static Set<Class<?>> scanned(Application application, Map<String, Object> properties) {
        Set<Class<?>> found = new LinkedHashSet<>();
        ClassLoader loader = application.getClass().getClassLoader();
        List<String> packages = tokens(properties.get(ApplicationContents.PACKAGES));
        if (!packages.isEmpty()) {
            boolean recursive = ApplicationContents.flag(properties.get(ApplicationContents.RECURSIVE), true);
            found.addAll(new PackageScanner(loader).scan(recursive, packages.toArray(new String[0])));
        }
        for (String name : tokens(properties.get(ApplicationContents.CLASS_NAMES))) {
            try {
                found.add(Class.forName(name, false, loader));
            } catch (ClassNotFoundException e) {
                throw new IllegalArgumentException(application.getClass().getName() + " lists " + name + " in "
                        + ApplicationContents.CLASS_NAMES + ", which is not on the class path", e);
            }
        }
        return found;
    }

    /** Logs, once at startup, the Jersey properties of {@code application} that mean nothing on Brisk. */
    static void warnUnused(Application application, Map<String, Object> properties) {
        Set<String> unused = new TreeSet<>();
        for (String name : properties.keySet()) {
            if (name.startsWith("jersey.config.") && !ApplicationContents.understood(name)) {
                unused.add(name);
            }
        }
        if (!unused.isEmpty()) {
            LOG.log(System.Logger.Level.WARNING, application.getClass().getName() + " sets Jersey properties that "
                    + "Brisk does not use: " + String.join(", ", unused) + " (see docs/jaxrs.md, ResourceConfig)");
        }
    }

    /** A property's names: separated by commas, semicolons or white space, as Jersey reads them. */
    private static List<String> tokens(Object value) {
        List<String> tokens = new ArrayList<>();
        if (value instanceof String text) {
            add(text, tokens);
        } else if (value instanceof String[] texts) {
            for (String text : texts) {
                add(text, tokens);
            }
        } else if (value instanceof Collection<?> texts) {
            for (Object text : texts) {
                add(String.valueOf(text), tokens);
            }
        }
        return tokens;
    }

    private static void add(String text, List<String> tokens) {
        for (String token : text.split("[,;\\s]+")) {
            if (!token.isBlank()) {
                tokens.add(token.trim());
            }
        }
    }
}
