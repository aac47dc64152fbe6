package dev.brisk.rest.spring.compat;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;

import java.security.Principal;

/** The sample shop served by Brisk: its controllers and advice, unchanged, plus two filters of its own. */
final class CompatApplication {

    private CompatApplication() {
    }

    static BriskServer.Builder server() {
        return Brisk.server()
                .controllers(new CustomerController(), new OrderController(), new InventoryController(),
                        new ApiErrorHandler(), new DomainErrorAdvice())
                // an authentication filter would do this: the caller, for Principal parameters
                .filter((ctx, chain) -> {
                    ctx.header("x-served-by", "brisk");
                    ctx.request().headers().first("X-User").ifPresent(user ->
                            ctx.attributes().put(Principal.class.getName(), (Principal) () -> user));
                    ctx.attributes().put("requestId", "r-" + ctx.request().path().length());
                    chain.proceed(ctx);
                });
    }
}
