package dev.brisk.benchmarks.faults.shop;

/** A business refusal: an article of the order is sold out. */
public class OutOfStockException extends Exception {

    private static final long serialVersionUID = 1L;

    public OutOfStockException(String message) {
        super(message);
    }
}
