/**
 * An OpenAPI 3.1 document of a Brisk server, generated at startup from its routes, the parameters and responses the
 * controller styles publish with them (so neither Spring nor JAX-RS is required) and the Java types they take and
 * return, and served as JSON and YAML. Start with {@link dev.brisk.openapi.OpenApi#builder()}.
 */
module dev.brisk.openapi {
    requires transitive dev.brisk.rest;
    requires tools.jackson.databind;

    exports dev.brisk.openapi;
}
