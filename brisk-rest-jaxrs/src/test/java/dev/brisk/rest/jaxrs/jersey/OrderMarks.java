package dev.brisk.rest.jaxrs.jersey;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;

/** Response filters of one priority that note the order they ran in, in {@code X-Order}. */
public final class OrderMarks {

    private OrderMarks() {
    }

    private static void mark(ContainerResponseContext response, String name) {
        Object before = response.getHeaders().getFirst("X-Order");
        response.getHeaders().putSingle("X-Order", before == null ? name : before + "," + name);
    }

    public static class Alpha implements ContainerResponseFilter {
        @Override
        public void filter(ContainerRequestContext request, ContainerResponseContext response) {
            mark(response, "alpha");
        }
    }

    public static class Bravo implements ContainerResponseFilter {
        @Override
        public void filter(ContainerRequestContext request, ContainerResponseContext response) {
            mark(response, "bravo");
        }
    }

    public static class Charlie implements ContainerResponseFilter {
        @Override
        public void filter(ContainerRequestContext request, ContainerResponseContext response) {
            mark(response, "charlie");
        }
    }

    public static class Delta implements ContainerResponseFilter {
        @Override
        public void filter(ContainerRequestContext request, ContainerResponseContext response) {
            mark(response, "delta");
        }
    }
}
