package dev.brisk.spring.boot;

import dev.brisk.rest.observe.AccessLogOptions;
import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The access log, under {@code brisk.access-log.*}: one line per request to the SLF4J logger {@code brisk.access}
 * (or to a file of its own, {@code brisk.access-log.file}), written by a background thread so the event loops never
 * wait for it. Off unless {@code brisk.access-log.enabled}.
 */
@ConfigurationProperties("brisk.access-log")
public class BriskAccessLogProperties {

    /** Whether to log one line per request. */
    private boolean enabled;

    /** Line format: COMMON, COMBINED (with Referer and User-Agent), JSON (one object per line) or PATTERN. */
    private AccessLogOptions.Format format = AccessLogOptions.DEFAULT.format();

    /**
     * Custom line pattern, used with format PATTERN (set by this property alone too): %a remote address, %t time, %m
     * method, %U URI, %H protocol, %s status, %b bytes, %D microseconds, %T milliseconds, %x trace id, %{Name}i a
     * request header.
     */
    private String pattern;

    /** Logger the lines go to. */
    private String loggerName = AccessLogOptions.DEFAULT.loggerName();

    /** Lines waiting for the writer thread before further lines are dropped (and counted). */
    private int queueSize = AccessLogOptions.DEFAULT.queueSize();

    /** File the lines are appended to instead of the logger (its directories are created); none by default. */
    private Path file;

    /** With a file: NONE (it grows, or logrotate trims it) or DAILY (rolled over at midnight to file.yyyy-MM-dd). */
    private AccessLogOptions.Rotation rotation = AccessLogOptions.DEFAULT.rotation();

    /** With DAILY rotation: days of rolled files kept, older ones deleted; 0 keeps all. */
    private int maxHistory = AccessLogOptions.DEFAULT.maxHistory();

    /** The options these settings describe. */
    public AccessLogOptions toOptions() {
        AccessLogOptions.Builder builder = AccessLogOptions.builder().format(format).loggerName(loggerName)
                .queueSize(queueSize).file(file).rotation(rotation).maxHistory(maxHistory);
        if (pattern != null && !pattern.isEmpty()) {
            builder.pattern(pattern);
        }
        return builder.build();
    }

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public AccessLogOptions.Format getFormat() {
        return format;
    }

    public void setFormat(AccessLogOptions.Format format) {
        this.format = format;
    }

    public String getPattern() {
        return pattern;
    }

    public void setPattern(String pattern) {
        this.pattern = pattern;
    }

    public String getLoggerName() {
        return loggerName;
    }

    public void setLoggerName(String loggerName) {
        this.loggerName = loggerName;
    }

    public int getQueueSize() {
        return queueSize;
    }

    public void setQueueSize(int queueSize) {
        this.queueSize = queueSize;
    }

    public Path getFile() {
        return file;
    }

    public void setFile(Path file) {
        this.file = file;
    }

    public AccessLogOptions.Rotation getRotation() {
        return rotation;
    }

    public void setRotation(AccessLogOptions.Rotation rotation) {
        this.rotation = rotation;
    }

    public int getMaxHistory() {
        return maxHistory;
    }

    public void setMaxHistory(int maxHistory) {
        this.maxHistory = maxHistory;
    }
}
