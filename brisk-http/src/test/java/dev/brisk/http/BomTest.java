package dev.brisk.http;

import io.netty.util.Version;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * brisk-bom, which users import: it pins the Netty this build is tested with (an application that also imports Spring
 * Boot's BOM would otherwise get Boot's Netty), lists every published module and manages the optional libraries the
 * docs tell users to add, at the versions the build is tested with.
 */
class BomTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void theBomPinsTheNettyThisBuildRunsWith() throws IOException {
        String bom = Files.readString(ROOT.resolve("brisk-bom/pom.xml"));
        String pinned = first(bom, "<netty.version>([^<]+)</netty.version>");
        String tested = Version.identify().get("netty-common").artifactVersion();

        assertThat(pinned).as("brisk-bom's netty.version").isEqualTo(tested);
        assertThat(bom).contains("<artifactId>netty-bom</artifactId>");
    }

    @Test
    void theBomListsEveryPublishedModule() throws IOException {
        String root = Files.readString(ROOT.resolve("pom.xml"));
        String bom = Files.readString(ROOT.resolve("brisk-bom/pom.xml"));
        List<String> published = Pattern.compile("<module>([^<]+)</module>").matcher(root).results()
                .map(m -> m.group(1))
                .filter(module -> !module.equals("brisk-bom") && !module.startsWith("brisk-benchmarks")
                        && !module.equals("examples"))
                .toList();

        assertThat(published).isNotEmpty().allSatisfy(module ->
                assertThat(bom).as("brisk-bom").contains("<artifactId>" + module + "</artifactId>"));
    }

    @Test
    void everyThirdPartyVersionIsTheOneTheBuildIsTestedWith() throws IOException {
        String root = Files.readString(ROOT.resolve("pom.xml"));
        String bom = Files.readString(ROOT.resolve("brisk-bom/pom.xml"));
        String properties = first(bom, "(?s)<properties>(.*?)</properties>");
        List<MatchResult> versions = Pattern.compile("<([a-z0-9.-]+\\.version)>([^<]+)</\\1>").matcher(properties)
                .results().toList();

        assertThat(versions).hasSizeGreaterThan(10).allSatisfy(version ->
                assertThat(first(root, "<" + Pattern.quote(version.group(1)) + ">([^<]+)<"))
                        .as("root pom's %s", version.group(1)).isEqualTo(version.group(2)));
        assertThat(bom).contains("<artifactId>spring-web</artifactId>", "<artifactId>jakarta.ws.rs-api</artifactId>",
                "<artifactId>micrometer-bom</artifactId>", "<artifactId>curator-framework</artifactId>");
    }

    private static String first(String text, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(text);
        assertThat(matcher.find()).as(regex).isTrue();
        return matcher.group(1);
    }
}
