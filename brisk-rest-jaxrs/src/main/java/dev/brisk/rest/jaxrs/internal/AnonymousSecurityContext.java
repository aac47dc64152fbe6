package dev.brisk.rest.jaxrs.internal;

import jakarta.ws.rs.core.SecurityContext;

import java.security.Principal;

/** The security context of a request no filter authenticated: no principal, no roles. */
record AnonymousSecurityContext(boolean secure) implements SecurityContext {

    @Override
    public Principal getUserPrincipal() {
        return null;
    }

    @Override
    public boolean isUserInRole(String role) {
        return false;
    }

    @Override
    public boolean isSecure() {
        return secure;
    }

    @Override
    public String getAuthenticationScheme() {
        return null;
    }
}
