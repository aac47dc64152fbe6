/**
 * The bookshop demo: one JVM running a REST service (Spring MVC and JAX-RS controllers, programmatic routes, a web
 * page, metrics, health and OpenAPI), a pricing service it calls through brisk-client with collapsed lookups, and a
 * warehouse it calls over brisk-rpc. Start it with {@link dev.brisk.examples.demo.BookshopDemo}.
 */
package dev.brisk.examples.demo;
