package dev.brisk.spring.boot;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

import java.util.List;

/**
 * Response compression and request decompression ({@code brisk.compression.*}). Spring Boot's
 * {@code server.compression.enabled}, {@code mime-types} and {@code min-response-size} are honoured too; a
 * {@code brisk.compression.*} value set wins over its {@code server.compression.*} counterpart.
 */
@ConfigurationProperties("brisk.compression")
public class BriskCompressionProperties {

    /** Whether responses are compressed and encoded request bodies decoded. Default server.compression.enabled, else false. */
    private Boolean enabled;

    /** Smallest body worth compressing. Default server.compression.min-response-size if set, else 1KB. */
    private DataSize minResponseSize;

    /** Compressible content types: type/subtype, type/* or *+suffix. Default server.compression.mime-types if set, else text, JSON, XML, JavaScript, SVG and similar. */
    private List<String> mimeTypes;

    /** Content codings offered, in order of preference (br and zstd only with their libraries present). Default br, zstd, gzip, deflate. */
    private List<String> encodings;

    /** Deflate level of gzip and deflate, 1 to 9. Default 6. */
    private Integer gzipLevel;

    /** Brotli quality, 0 to 11. Default 4. */
    private Integer brotliQuality;

    /** Zstd level, 1 to 22. Default 3. */
    private Integer zstdLevel;

    /** Whether request bodies with Content-Encoding gzip, deflate, br or zstd are decoded (the body limit then applies to the decoded size). Default true. */
    private Boolean decompressRequests;

    public Boolean getEnabled() {
        return enabled;
    }

    public void setEnabled(Boolean enabled) {
        this.enabled = enabled;
    }

    public DataSize getMinResponseSize() {
        return minResponseSize;
    }

    public void setMinResponseSize(DataSize minResponseSize) {
        this.minResponseSize = minResponseSize;
    }

    public List<String> getMimeTypes() {
        return mimeTypes;
    }

    public void setMimeTypes(List<String> mimeTypes) {
        this.mimeTypes = mimeTypes;
    }

    public List<String> getEncodings() {
        return encodings;
    }

    public void setEncodings(List<String> encodings) {
        this.encodings = encodings;
    }

    public Integer getGzipLevel() {
        return gzipLevel;
    }

    public void setGzipLevel(Integer gzipLevel) {
        this.gzipLevel = gzipLevel;
    }

    public Integer getBrotliQuality() {
        return brotliQuality;
    }

    public void setBrotliQuality(Integer brotliQuality) {
        this.brotliQuality = brotliQuality;
    }

    public Integer getZstdLevel() {
        return zstdLevel;
    }

    public void setZstdLevel(Integer zstdLevel) {
        this.zstdLevel = zstdLevel;
    }

    public Boolean getDecompressRequests() {
        return decompressRequests;
    }

    public void setDecompressRequests(Boolean decompressRequests) {
        this.decompressRequests = decompressRequests;
    }
}
