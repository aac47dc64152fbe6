/** Runs servlet filters around brisk-rest's pipeline and gives handlers servlet views of their request. */
module dev.brisk.rest.servlet {
    requires transitive dev.brisk.rest;
    requires transitive jakarta.servlet;
    requires io.netty.buffer;

    exports dev.brisk.rest.servlet;
}
