package dev.brisk.examples.demo.stock;

/**
 * The answer to a {@link StockService#reserve reservation}: whether the copies were taken, and how many are left.
 *
 * @param accepted true when the copies were taken off the shelf
 * @param remaining the copies on hand after the reservation (or without it, when refused)
 */
public record Reservation(boolean accepted, int remaining) {
}
