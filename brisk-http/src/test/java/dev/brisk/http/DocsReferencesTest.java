package dev.brisk.http;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The user guide stays true to the code: every type named in backticks in README.md and docs/ (outside code blocks and
 * the "Migration" section, which names types as they were) is declared by a Brisk source or listed in
 * docs/external-names.txt as another project's, and every relative link points to a file of the repository.
 */
class DocsReferencesTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    /**
     * A camel-case name (two capitals or more, a lower-case letter) at the start of a code span: {@code Type},
     * {@code Type.member}, {@code Type#m}; not a constant such as {@code H2C_UPGRADE}.
     */
    private static final Pattern TYPE = Pattern.compile("`((?=[A-Z0-9]*[a-z])[A-Z][a-z0-9]*[A-Z][A-Za-z0-9]*)(?:[.#(<][^`\\n]*)?`");
    private static final Pattern DECLARATION = Pattern.compile("\\b(?:class|interface|record|enum)\\s+([A-Z]\\w*)");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern FENCED = Pattern.compile("(?s)```.*?```");
    /** A "Migration" section names the types as they were before a rename. */
    private static final Pattern MIGRATION = Pattern.compile("(?ms)^## Migration\\b.*?(?=^## |\\z)");

    @Test
    void everyTypeNamedInTheDocsExists() throws IOException {
        Set<String> known = declaredTypes();
        known.addAll(externalNames());
        List<String> unknown = new ArrayList<>();
        for (Path page : pages()) {
            String text = MIGRATION.matcher(FENCED.matcher(Files.readString(page)).replaceAll("")).replaceAll("");
            Matcher type = TYPE.matcher(text);
            while (type.find()) {
                if (!known.contains(type.group(1))) {
                    unknown.add(ROOT.relativize(page) + ": " + type.group(1));
                }
            }
        }
        assertThat(unknown).as("names no Brisk source declares (renamed? else list them in docs/external-names.txt)")
                .isEmpty();
    }

    @Test
    void everyRelativeLinkStaysInTheRepositoryAndResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path page : pages()) {
            Matcher link = LINK.matcher(Files.readString(page));
            while (link.find()) {
                String target = link.group(1);
                if (target.matches("^[a-z]+:.*") || target.startsWith("#")) {
                    continue;
                }
                Path file = page.getParent().resolve(target.replaceAll("#.*", "")).normalize();
                if (!file.startsWith(ROOT) || !Files.exists(file)) {
                    broken.add(ROOT.relativize(page) + ": " + target);
                }
            }
        }
        assertThat(broken).as("links to missing files or out of the repository").isEmpty();
    }

    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    private static Set<String> declaredTypes() throws IOException {
        Set<String> names = new HashSet<>();
        try (Stream<Path> files = Files.walk(ROOT)) {
            files.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/")
                    && !p.toString().contains("/target/")).forEach(p -> {
                        String file = p.getFileName().toString();
                        names.add(file.substring(0, file.length() - ".java".length()));
                        Matcher declared = DECLARATION.matcher(read(p));
                        while (declared.find()) {
                            names.add(declared.group(1));
                        }
                    });
        }
        return names;
    }

    private static Set<String> externalNames() throws IOException {
        Set<String> names = new HashSet<>();
        for (String line : Files.readAllLines(ROOT.resolve("docs/external-names.txt"))) {
            if (!line.isBlank() && !line.startsWith("#")) {
                names.add(line.strip());
            }
        }
        return names;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
