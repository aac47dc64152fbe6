package dev.brisk.http.internal;

/** Stops and restarts reading from a connection, for requests whose body consumer is paused. */
public interface ReadControl {

    void pauseReading();

    void resumeReading();
}
