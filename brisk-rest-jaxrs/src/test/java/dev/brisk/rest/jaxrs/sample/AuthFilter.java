package dev.brisk.rest.jaxrs.sample;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.ext.Provider;

import java.security.Principal;
import java.util.Map;
import java.util.Set;

/**
 * Bearer-token authentication for {@link Secured} methods only (name binding): without a known token the request
 * is aborted with 401 and {@code WWW-Authenticate}; with one, the member becomes the request's
 * {@link SecurityContext}, which resources read with {@code @Context SecurityContext}.
 */
@Provider
@Secured
@Priority(Priorities.AUTHENTICATION)
public class AuthFilter implements ContainerRequestFilter {

    /** A librarian: may remove books. */
    public static final String LIBRARIAN_TOKEN = "librarian-token";
    /** A reader: may not. */
    public static final String READER_TOKEN = "reader-token";

    private static final Map<String, Member> MEMBERS = Map.of(
            LIBRARIAN_TOKEN, new Member("ada", Set.of("librarian", "reader")),
            READER_TOKEN, new Member("bo", Set.of("reader")));

    @Override
    public void filter(ContainerRequestContext request) {
        String authorization = request.getHeaderString(HttpHeaders.AUTHORIZATION);
        Member member = authorization != null && authorization.startsWith("Bearer ")
                ? MEMBERS.get(authorization.substring("Bearer ".length()).trim()) : null;
        if (member == null) {
            request.abortWith(Response.status(Response.Status.UNAUTHORIZED)
                    .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"library\"")
                    .build());
            return;
        }
        boolean secure = request.getSecurityContext().isSecure();
        request.setSecurityContext(new MemberSecurityContext(member, secure));
    }

    /** An authenticated library member. */
    record Member(String name, Set<String> roles) implements Principal {
        @Override
        public String getName() {
            return name;
        }
    }

    /** The security context of a request made with a member's token. */
    record MemberSecurityContext(Member member, boolean secure) implements SecurityContext {
        @Override
        public Principal getUserPrincipal() {
            return member;
        }

        @Override
        public boolean isUserInRole(String role) {
            return member.roles().contains(role);
        }

        @Override
        public boolean isSecure() {
            return secure;
        }

        @Override
        public String getAuthenticationScheme() {
            return "Bearer";
        }
    }
}
