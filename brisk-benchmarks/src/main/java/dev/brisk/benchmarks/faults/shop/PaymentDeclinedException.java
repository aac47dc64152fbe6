package dev.brisk.benchmarks.faults.shop;

/** A business refusal: the payment is above what the customer may pay. */
public class PaymentDeclinedException extends Exception {

    private static final long serialVersionUID = 1L;

    public PaymentDeclinedException(String message) {
        super(message);
    }
}
