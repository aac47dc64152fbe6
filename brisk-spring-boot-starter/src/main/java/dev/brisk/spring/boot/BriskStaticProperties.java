package dev.brisk.spring.boot;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

import java.util.List;

/**
 * Static resources ({@code brisk.static.*}). Where they come from and where they are mounted follow Spring Boot:
 * {@code spring.web.resources.static-locations} (default classpath:/META-INF/resources/, classpath:/resources/,
 * classpath:/static/, classpath:/public/), {@code spring.mvc.static-path-pattern} (default /**) and
 * {@code spring.web.resources.add-mappings}; nothing is mounted when none of the locations exists.
 */
@ConfigurationProperties("brisk.static")
public class BriskStaticProperties {

    /** Whether static resources are served. Default spring.web.resources.add-mappings, else true. */
    private Boolean enabled;

    /** Cache-Control of every resource, e.g. max-age=3600 or no-cache. Default spring.web.resources.cache.cachecontrol.max-age as max-age=N if set, else none (clients revalidate with the ETag). */
    private String cacheControl;

    /** File served for a directory; empty for none. Default index.html. */
    private String indexFile;

    /** Whether name.br, name.zst and name.gz variants beside a resource are served to clients that accept them. Default true. */
    private Boolean precompressed;

    /** Whether symbolic links in file: locations may lead outside the location. Default false. */
    private Boolean followSymlinks;

    /** Largest class path resource kept in memory after its first read. Default 1MB. */
    private DataSize maxCachedSize;

    /** Locations (classpath:... or file:...) overriding spring.web.resources.static-locations. */
    private List<String> locations;

    public Boolean getEnabled() {
        return enabled;
    }

    public void setEnabled(Boolean enabled) {
        this.enabled = enabled;
    }

    public String getCacheControl() {
        return cacheControl;
    }

    public void setCacheControl(String cacheControl) {
        this.cacheControl = cacheControl;
    }

    public String getIndexFile() {
        return indexFile;
    }

    public void setIndexFile(String indexFile) {
        this.indexFile = indexFile;
    }

    public Boolean getPrecompressed() {
        return precompressed;
    }

    public void setPrecompressed(Boolean precompressed) {
        this.precompressed = precompressed;
    }

    public Boolean getFollowSymlinks() {
        return followSymlinks;
    }

    public void setFollowSymlinks(Boolean followSymlinks) {
        this.followSymlinks = followSymlinks;
    }

    public DataSize getMaxCachedSize() {
        return maxCachedSize;
    }

    public void setMaxCachedSize(DataSize maxCachedSize) {
        this.maxCachedSize = maxCachedSize;
    }

    public List<String> getLocations() {
        return locations;
    }

    public void setLocations(List<String> locations) {
        this.locations = locations;
    }
}
