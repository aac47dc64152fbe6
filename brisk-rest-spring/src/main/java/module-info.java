/** Runs Spring MVC controllers ({@code @RestController}, {@code @RequestMapping}, ...) unchanged on Brisk. */
module dev.brisk.rest.spring {
    requires transitive dev.brisk.rest;
    requires spring.web;
    requires spring.core;
    requires spring.beans;
    requires static spring.context;
    requires static spring.webmvc;
    requires static jakarta.servlet;
    requires static dev.brisk.rest.servlet;
    requires static jakarta.validation;
    requires static spring.security.core;
    requires static spring.expression;

    exports dev.brisk.rest.spring;

    provides dev.brisk.rest.spi.ControllerSupport with dev.brisk.rest.spring.SpringControllerSupport;
}
