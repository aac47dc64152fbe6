/**
 * Spring Boot on Brisk: a Boot application without a reactive stack is served by a {@code BriskServer}
 * built from its {@code server.*} and {@code brisk.*} properties and its controller beans, and Actuator's endpoints are
 * served by Brisk too; with the servlet API on the class path, its servlet filters and servlet parameters run on
 * Brisk's servlet facade. Open, as Spring reads and instantiates its configuration classes reflectively.
 */
open module dev.brisk.spring.boot {
    requires transitive dev.brisk.rest.spring;
    requires transitive spring.boot;
    requires transitive spring.boot.autoconfigure;
    requires transitive spring.boot.web.server;
    requires transitive spring.context;
    requires spring.beans;
    requires spring.core;
    requires spring.web;
    requires tools.jackson.databind;
    requires dev.brisk.rest.servlet;
    requires static jakarta.servlet;
    requires static dev.brisk.collapse;
    requires static dev.brisk.client;
    requires static spring.webflux;
    requires static spring.boot.restclient;
    requires static spring.boot.webclient;
    requires static dev.brisk.openapi;
    requires static dev.brisk.rest.websocket;
    requires static spring.boot.actuator;
    requires static spring.boot.actuator.autoconfigure;
    requires static spring.boot.health;
    requires static micrometer.core;
    requires static dev.brisk.micrometer;
    requires static dev.brisk.test;
    requires static spring.boot.test;
    requires static spring.test;
    requires static dev.brisk.rpc;
    requires static dev.brisk.rpc.zookeeper;
    requires static curator.framework;
    requires static curator.client;
    requires spring.aop;

    exports dev.brisk.spring.boot;
    exports dev.brisk.spring.boot.autoconfigure;
    exports dev.brisk.spring.boot.actuate;
    exports dev.brisk.spring.boot.actuate.autoconfigure;
    exports dev.brisk.spring.boot.test;
    exports dev.brisk.spring.boot.rpc;
}
