package dev.brisk.spring.boot.internal;

import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringApplicationRunListener;
import org.springframework.boot.SpringBootVersion;
import org.springframework.core.SpringVersion;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.core.io.support.SpringFactoriesLoader.ArgumentResolver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * An application left on Spring Boot 3 (or an older Spring Framework) with the starter stops first, saying what to
 * move, instead of failing later with a {@code NoSuchMethodError} from a mixed class path.
 */
class SpringVersionCheckTest {

    @Test
    void bootThreeIsRefusedNamingWhatToMove() {
        assertThatThrownBy(() -> SpringVersionCheck.verify("3.2.3", "6.1.4"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("brisk-spring-boot-starter runs on Spring Boot 4 and Spring Framework 7, but this"
                        + " application's class path has Spring Boot 3.2.3 and Spring Framework 6.1.4 (spring-core):"
                        + " move the application to Spring Boot 4 (its spring-boot-dependencies or"
                        + " spring-boot-starter-parent version)");
        assertThatThrownBy(() -> SpringVersionCheck.verify("4.1.2", "6.2.1"))
                .hasMessageContaining("Spring Boot 4.1.2 and Spring Framework 6.2.1");
        assertThatThrownBy(() -> SpringVersionCheck.verify("2.7.8", null))
                .hasMessageContaining("Spring Boot 2.7.8 and Spring Framework null");
    }

    @Test
    void currentAndUnknownVersionsPass() {
        assertThatCode(() -> SpringVersionCheck.verify("4.1.2", "7.0.10")).doesNotThrowAnyException();
        assertThatCode(() -> SpringVersionCheck.verify("5.0.0-M1", "8.0.0")).doesNotThrowAnyException();
        assertThatCode(() -> SpringVersionCheck.verify(null, null)).doesNotThrowAnyException();
        assertThatCode(() -> SpringVersionCheck.verify("snapshot", "")).doesNotThrowAnyException();
        assertThatCode(() -> SpringVersionCheck.verify(SpringBootVersion.getVersion(), SpringVersion.getVersion()))
                .doesNotThrowAnyException();
    }

    @Test
    void bootMakesTheCheckAmongItsRunListeners() {
        SpringApplication application = new SpringApplication(Object.class);
        ArgumentResolver arguments = ArgumentResolver.of(SpringApplication.class, application)
                .and(String[].class, new String[0]);
        assertThat(SpringFactoriesLoader.forDefaultResourceLocation(getClass().getClassLoader())
                .load(SpringApplicationRunListener.class, arguments))
                .anyMatch(SpringVersionCheck.class::isInstance);
    }
}
