package dev.brisk.benchmarks.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ResultsFileTest {

    @Test
    void readsOneSampleALineAndSkipsBlankLines() {
        List<Sample> samples = ResultsFile.parse(List.of(
                "server\tGET /hello\tbrisk-http\t1\t2\tcpu_us\t21.5",
                "",
                "rpc\texistUser\tgrpc\t3\t1\trps\t40123"));

        assertThat(samples).containsExactly(
                new Sample("server", "GET /hello", "brisk-http", 1, 2, "cpu_us", 21.5),
                new Sample("rpc", "existUser", "grpc", 3, 1, "rps", 40123));
        assertThat(samples.get(0).window()).isEqualTo("1/2");
    }

    @Test
    void aMalformedLineFailsWithItsNumber() {
        assertThatThrownBy(() -> ResultsFile.parse(List.of("", "server\tGET /hello\tbrisk-http\t1\t2\tcpu_us")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("line 2: 7 tab-separated columns expected, found 6");
        assertThatThrownBy(() -> ResultsFile.parse(List.of("server\tGET /hello\tbrisk-http\t1\t2\tcpu_us\tfast")))
                .hasMessageStartingWith("line 1: not a number");
    }
}
