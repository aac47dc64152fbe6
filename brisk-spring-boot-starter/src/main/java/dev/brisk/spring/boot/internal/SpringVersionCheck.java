package dev.brisk.spring.boot.internal;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringApplicationRunListener;
import org.springframework.boot.SpringBootVersion;
import org.springframework.core.SpringVersion;

/**
 * Stops an application whose class path has a Spring Boot or a Spring Framework older than the starter's before
 * anything else runs (registered in {@code META-INF/spring.factories}; Boot makes run listeners first): the starter
 * brings Boot 4 modules and Spring Framework 7 artifacts, which mixed with an older Boot fail later with a
 * {@code NoSuchMethodError} that says nothing of the cause. A version that cannot be read (classes not from their
 * jars) is not checked.
 */
public final class SpringVersionCheck implements SpringApplicationRunListener {

    /** The Spring Boot generation the starter is built on. */
    static final int BOOT_MAJOR = 4;

    /** The Spring Framework generation of that Boot. */
    static final int FRAMEWORK_MAJOR = 7;

    /** Called by Boot as it runs {@code application}: fails when the versions on the class path are too old. */
    public SpringVersionCheck(SpringApplication application, String[] args) {
        verify(SpringBootVersion.getVersion(), SpringVersion.getVersion());
    }

    /** Fails, saying what to change, when {@code boot} or {@code framework} (either null if unknown) is too old. */
    static void verify(String boot, String framework) {
        if (major(boot) < BOOT_MAJOR || major(framework) < FRAMEWORK_MAJOR) {
            throw new IllegalStateException("brisk-spring-boot-starter runs on Spring Boot " + BOOT_MAJOR
                    + " and Spring Framework " + FRAMEWORK_MAJOR + ", but this application's class path has Spring"
                    + " Boot " + boot + " and Spring Framework " + framework + " (spring-core): move the application"
                    + " to Spring Boot " + BOOT_MAJOR
                    + " (its spring-boot-dependencies or spring-boot-starter-parent version)");
        }
    }

    /** The leading number of {@code version}; unknown or unreadable versions pass. */
    private static int major(String version) {
        if (version == null) {
            return Integer.MAX_VALUE;
        }
        int end = 0;
        while (end < version.length() && Character.isDigit(version.charAt(end))) {
            end++;
        }
        if (end == 0 || end > 9) {
            return Integer.MAX_VALUE;
        }
        return Integer.parseInt(version.substring(0, end));
    }
}
