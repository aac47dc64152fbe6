package dev.brisk.examples.demo.catalog;

/**
 * A book of the catalog.
 *
 * @param id the catalog's id
 * @param title the title
 * @param author the author
 * @param year the year of first publication
 */
public record Book(long id, String title, String author, int year) {
}
