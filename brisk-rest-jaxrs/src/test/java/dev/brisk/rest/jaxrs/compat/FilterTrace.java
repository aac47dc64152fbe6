package dev.brisk.rest.jaxrs.compat;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Records which request filters saw which requests: a {@code @PreMatching} one (runs before matching, so it sees
 * requests no resource method takes) and an ordinary one (runs only once a method matched).
 */
public final class FilterTrace {

    private final List<String> seen = new CopyOnWriteArrayList<>();

    public List<String> seen() {
        return seen;
    }

    public ContainerRequestFilter preMatching() {
        return new PreMatchingRecorder();
    }

    public ContainerRequestFilter matched() {
        return new MatchedRecorder();
    }

    private void record(String filter, ContainerRequestContext request) {
        seen.add(filter + " " + request.getMethod() + " /" + request.getUriInfo().getPath());
    }

    @PreMatching
    private final class PreMatchingRecorder implements ContainerRequestFilter {
        @Override
        public void filter(ContainerRequestContext request) {
            record("pre-matching", request);
        }
    }

    private final class MatchedRecorder implements ContainerRequestFilter {
        @Override
        public void filter(ContainerRequestContext request) {
            record("matched", request);
        }
    }
}
