/**
 * For modules that add a controller style to Brisk (brisk-rest-spring, brisk-rest-jaxrs): the
 * {@link dev.brisk.rest.spi.ControllerSupport} service they provide and the routing-failure hook
 * ({@link dev.brisk.rest.spi.RoutingFailureHandler}). The building blocks every style shares are in
 * {@code dev.brisk.rest.support}, exported to Brisk's modules only. Applications do not need these.
 */
package dev.brisk.rest.spi;
