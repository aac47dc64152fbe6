package dev.brisk.benchmarks.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SpreadTest {

    @Test
    void theMedianOfAnOddCountIsTheMiddleValue() {
        assertThat(Spread.of(List.of(3.0, 1.0, 2.0))).isEqualTo(new Spread(2.0, 1.0, 3.0, 3));
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheTwoMiddleValues() {
        assertThat(Spread.of(List.of(4.0, 1.0, 2.0, 10.0))).isEqualTo(new Spread(3.0, 1.0, 10.0, 4));
    }

    @Test
    void aRatioShowsItsRangeUnlessThereIsOneValue() {
        assertThat(Spread.of(List.of(1.234, 1.1, 1.31)).ratio()).isEqualTo("1.23× (1.10–1.31)");
        assertThat(Spread.of(List.of(2.0)).ratio()).isEqualTo("2.00×");
    }

    @Test
    void noValuesHaveNoMedian() {
        assertThatThrownBy(() -> Spread.of(List.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
