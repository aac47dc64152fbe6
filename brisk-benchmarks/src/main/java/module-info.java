/**
 * The benchmark launcher: serves Brisk and its peers (Netty, Vert.x, Spring MVC on Tomcat) for load tests, and the load
 * client that measures Brisk's client against its peers (OkHttp, Apache HttpClient 5, Reactor Netty, the JDK's), and
 * the RPC benchmark's server and caller (gRPC-java), the processes of the RPC fault runs (a ZooKeeper server,
 * providers, a consumer), and the report that renders their results (tables, a page, charts drawn with JFreeChart).
 */
module dev.brisk.benchmarks {
    requires dev.brisk.rest;
    requires dev.brisk.rest.spring;
    requires dev.brisk.rest.jaxrs;
    requires dev.brisk.client;
    requires dev.brisk.collapse;
    requires dev.brisk.micrometer;
    requires ch.qos.logback.classic;
    requires ch.qos.logback.core;
    requires org.slf4j;
    requires micrometer.registry.prometheus;
    requires dev.brisk.rpc;
    requires dev.brisk.rpc.zookeeper;
    requires zookeeper;
    requires io.netty.codec.http;
    requires io.vertx.core;
    requires io.vertx.web;
    requires jakarta.ws.rs;
    requires java.net.http;
    requires jdk.httpserver;
    requires tools.jackson.databind;
    requires java.management;
    requires jdk.management;
    requires okhttp3;
    requires org.apache.httpcomponents.client5.httpclient5;
    requires org.apache.httpcomponents.core5.httpcore5;
    requires reactor.core;
    requires reactor.netty.core;
    requires reactor.netty.http;
    requires spring.beans;
    requires spring.boot;
    requires spring.boot.autoconfigure;
    requires spring.boot.web.server;
    requires spring.context;
    requires spring.core;
    requires spring.web;
    requires spring.security.config;
    requires spring.security.core;
    requires spring.security.web;
    // the servlet API of spring-mvc-filter's and spring-boot-brisk-filter's filter: Tomcat's, which is in this jar
    requires org.apache.tomcat.embed.core;
    requires HdrHistogram;
    requires com.google.protobuf;
    requires io.grpc;
    requires io.grpc.protobuf;
    requires io.grpc.stub;
    requires com.google.common;
    requires java.desktop;
    requires org.jfree.jfreechart;

    opens dev.brisk.benchmarks.serve to spring.core, spring.beans, spring.context, spring.web, dev.brisk.rest;
    opens dev.brisk.benchmarks.serve.springmvc to spring.core, spring.beans, spring.context, spring.web;
    opens dev.brisk.benchmarks.serve.springboot to spring.core, spring.beans, spring.context, spring.web;
    opens dev.brisk.benchmarks.serve.servletfilters to spring.core, spring.beans, spring.context;
}
