package dev.brisk.rest.jaxrs.sample;

import dev.brisk.rest.RunOn;
import jakarta.validation.constraints.NotBlank;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Library members: an HTML-form registration ({@code @FormParam}, a repeated field into a {@code List}, a
 * {@code @DefaultValue}, a validated parameter), a session cookie set with {@link NewCookie} and read back through
 * {@code @CookieParam},
 * {@code @HeaderParam} and {@code @Context HttpHeaders}, and the authenticated member from
 * {@code @Context SecurityContext}, set by {@link AuthFilter} on the {@link Secured} method.
 */
@Path("/members")
public class MemberResource {

    /** Registers a member from a form post; sending the welcome mail blocks, so it runs on the worker pool. */
    @POST
    @Path("register")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_PLAIN)
    @RunOn("worker")
    public Response register(@FormParam("name") @NotBlank String name,
                             @FormParam("email") String email,
                             @FormParam("interest") List<String> interests,
                             @FormParam("age") @DefaultValue("18") int age) {
        return Response.status(Response.Status.CREATED)
                .entity("Welcome " + name + " <" + email + ">, age " + age + ", interests " + interests)
                .build();
    }

    /** Signs a member in: the session id comes back as a cookie. */
    @POST
    @Path("session")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response signIn(@FormParam("member") @NotBlank String member) {
        NewCookie session = new NewCookie.Builder("session").value("s-" + member).path("/").httpOnly(true)
                .maxAge(3600).build();
        return Response.noContent().cookie(session).build();
    }

    /** What the server knows of the client's session. */
    @GET
    @Path("session")
    @Produces(MediaType.APPLICATION_JSON)
    public Map<String, Object> session(@CookieParam("session") String session,
                                       @CookieParam("theme") @DefaultValue("light") String theme,
                                       @HeaderParam("X-Client") String client,
                                       @HeaderParam("X-Visits") @DefaultValue("0") int visits,
                                       @Context HttpHeaders headers) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("session", session);
        view.put("theme", theme);
        view.put("client", client);
        view.put("visits", visits);
        view.put("tags", headers.getHeaderString("X-Tag"));
        view.put("cookies", new TreeSet<>(headers.getCookies().keySet()));
        view.put("accept", headers.getAcceptableMediaTypes().stream()
                .map(type -> type.getType() + "/" + type.getSubtype()).toList());
        return view;
    }

    /** The authenticated member. */
    @GET
    @Path("me")
    @Secured
    @Produces(MediaType.TEXT_PLAIN)
    public String me(@Context SecurityContext security) {
        String role = security.isUserInRole("librarian") ? "librarian" : "reader";
        return security.getUserPrincipal().getName() + " (" + role + ") via " + security.getAuthenticationScheme();
    }
}
