package dev.brisk.rest.multipart;

import dev.brisk.rest.RequestContext;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The parts of a {@code multipart/form-data} request body, in the order they arrived; from {@link RequestContext#multipart()}. */
public interface MultipartForm {

    /** Every part, in order. */
    List<Part> parts();

    /** The parts named {@code name}, in order. */
    List<Part> parts(String name);

    /** The first part named {@code name}. */
    default Optional<Part> part(String name) {
        List<Part> named = parts(name);
        return named.isEmpty() ? Optional.empty() : Optional.of(named.get(0));
    }

    /** The text of every part that is not a file, by name, in order. */
    Map<String, List<String>> fields();

    /** The text of the first non-file part named {@code name}. */
    default Optional<String> field(String name) {
        List<String> values = fields().get(name);
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }
}
