package dev.brisk.rest.jaxrs.compat;

import java.util.stream.Stream;

/**
 * Tasks done long ago, read from storage as they are needed (a database cursor in production): far too many to hold
 * in memory at once. The caller closes the stream.
 */
@FunctionalInterface
public interface TaskArchive {

    Stream<Task> completed();

    static TaskArchive empty() {
        return Stream::empty;
    }
}
