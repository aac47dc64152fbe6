/**
 * Minimal services for the cold-start benchmark ({@code bench/startup.sh}): each is a {@code main} that starts a server
 * the way an application would, with every default left alone, on the port given as the first argument. They are
 * packaged in jars of their own ({@code brisk-startup-http.jar}, {@code brisk-startup-rest.jar},
 * {@code brisk-startup-netty.jar}, and for the two Spring Boot applications {@code brisk-startup-boot-brisk.jar} and
 * {@code brisk-startup-boot-mvc.jar}) that hold only what such an application has on its class path.
 */
package dev.brisk.benchmarks.startup;
