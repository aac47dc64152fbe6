/**
 * For modules that add a controller style to Brisk (brisk-rest-spring, brisk-rest-jaxrs): the
 * {@link dev.brisk.rest.spi.ControllerSupport} service they provide, and the building blocks every style shares —
 * generated method invokers, parameter names, bean validation and RFC 9457 problem documents. Applications do not need
 * these.
 */
package dev.brisk.rest.spi;
