package dev.brisk.benchmarks.faults.shop;

/** A postal address; {@code zip} may be {@code null} (countries without one). */
public record Address(String street, String city, String country, String zip) {
}
