/** Runnable demo services built on Brisk. */
module dev.brisk.examples {
    requires dev.brisk.http;

    exports dev.brisk.examples;
}
