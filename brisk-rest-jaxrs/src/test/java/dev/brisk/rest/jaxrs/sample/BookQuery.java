package dev.brisk.rest.jaxrs.sample;

import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.QueryParam;

import java.util.List;
import java.util.Locale;

/**
 * The criteria of {@link CatalogApi#search}, injected as a {@code @BeanParam}: annotated fields (a repeated
 * query parameter into a {@code List}, an enum with a {@code @DefaultValue}) and an annotated setter for a header.
 */
public class BookQuery {

    /**
     * The order of the results. As an enum with both {@code valueOf} and {@code fromString}, it is converted with
     * {@code fromString} (Jakarta REST 3.1, section 3.2), so {@code ?sort=year} works.
     */
    public enum Sort {
        TITLE, YEAR;

        public static Sort fromString(String text) {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        }
    }

    @QueryParam("q")
    private String text;

    @QueryParam("sort")
    @DefaultValue("title")
    private Sort sort;

    @QueryParam("year")
    private List<Integer> years;

    private int limit;

    /** The page size, from the {@code X-Limit} request header (10 when absent). */
    @HeaderParam("X-Limit")
    @DefaultValue("10")
    public void setLimit(int limit) {
        this.limit = limit;
    }

    public String getText() {
        return text;
    }

    public Sort getSort() {
        return sort;
    }

    public List<Integer> getYears() {
        return years == null ? List.of() : years;
    }

    public int getLimit() {
        return limit;
    }
}
