package dev.brisk.collapse.internal;

import dev.brisk.collapse.SingleFlightOptions;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The caller futures a single-flight hands out: what each receives, and a call abandoned while it starts. */
class FlightCallerTest {

    private final DefaultSingleFlight<String, String> flight = new DefaultSingleFlight<>(SingleFlightOptions.DEFAULT);

    /** A caller that notes how many callers shared what it received and gets the value with its position. */
    private static final class Numbered extends FlightCaller<String> {
        final List<Integer> sharers = new ArrayList<>();

        @Override
        protected void receive(String value, Throwable failure, int count) {
            sharers.add(count);
            if (failure != null) {
                deliverFailure(failure);
            } else {
                deliver(value + "/" + count);
            }
        }
    }

    @Test
    void everyCallerIsToldHowManyShareTheOutcomeBeforeItHasIt() {
        CompletableFuture<String> call = new CompletableFuture<>();
        Numbered first = flight.execute("k", () -> call, new Numbered());
        Numbered second = flight.execute("k", () -> { throw new AssertionError("joined, not called"); },
                new Numbered());
        Numbered alone = flight.execute("other", () -> CompletableFuture.completedFuture("x"), new Numbered());
        assertThat(first).isNotDone();
        call.complete("v");
        assertThat(first).isCompletedWithValue("v/2");
        assertThat(second).isCompletedWithValue("v/2");
        assertThat(first.sharers).containsExactly(2);
        assertThat(alone).isCompletedWithValue("x/1");
    }

    @Test
    void aCallWhoseOnlyCallerLeftWhileItWasStartingIsCancelledOnceItStarts() {
        CompletableFuture<String> call = new CompletableFuture<>();
        AtomicInteger calls = new AtomicInteger();
        FlightCaller<String> caller = new FlightCaller<>();
        flight.execute("k", () -> {
            calls.incrementAndGet();
            caller.cancel(false); // leaves before the call's stage exists: the flight is abandoned
            return call;
        }, caller);
        assertThat(caller).isCancelled();
        assertThat(call).isCancelled();
        assertThat(flight.inFlight()).isZero();
        // the key is free again: the next caller starts a call of its own
        CompletableFuture<String> next = flight.execute("k", () -> {
            calls.incrementAndGet();
            return CompletableFuture.completedFuture("again");
        });
        assertThat(next).isCompletedWithValue("again");
        assertThat(calls).hasValue(2);
    }

    @Test
    void aCallerThatLeavesAfterTheStartCancelsTheRunningCall() {
        CompletableFuture<String> call = new CompletableFuture<>();
        CompletableFuture<String> caller = flight.execute("k", () -> call);
        assertThat(call).isNotCancelled();
        caller.cancel(false);
        assertThat(call).isCancelled();
        assertThat(flight.inFlight()).isZero();
    }
}
