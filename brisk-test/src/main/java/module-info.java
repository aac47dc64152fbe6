/**
 * Testing Brisk applications: an in-process client that calls routes without a socket, and a JUnit 5 extension that
 * starts a real server.
 */
module dev.brisk.test {
    requires transitive dev.brisk.rest;
    requires static org.junit.jupiter.api;
    requires java.net.http;

    exports dev.brisk.test;
}
