package dev.brisk.benchmarks.faults.shop;

/** Where an order stands. */
public enum OrderStatus {
    NEW, PAID, SHIPPED, CANCELLED
}
