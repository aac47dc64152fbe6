package dev.brisk.spring.boot;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code brisk.openapi.*}: the OpenAPI 3.1 document of the application's routes, served when the application has
 * {@code dev.brisk:brisk-openapi}.
 */
@ConfigurationProperties("brisk.openapi")
public class BriskOpenApiProperties {

    /** Whether the OpenAPI document is generated at startup and served (needs brisk-openapi). */
    private boolean enabled = true;

    /** Where the JSON document is served. */
    private String path = "/openapi.json";

    /** Where the YAML document is served. */
    private String yamlPath = "/openapi.yaml";

    /** The API's title (info.title); default spring.application.name, else 'API'. */
    private String title;

    /** The API's version (info.version). */
    private String version = "1.0";

    /** A description of the API (info.description); default none. */
    private String description;

    /**
     * Path prefixes whose routes the document leaves out; Actuator's base path
     * (management.endpoints.web.base-path) is always left out.
     */
    private List<String> exclude = new ArrayList<>();

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public String getPath() {
        return path;
    }

    public void setPath(String path) {
        this.path = path;
    }

    public String getYamlPath() {
        return yamlPath;
    }

    public void setYamlPath(String yamlPath) {
        this.yamlPath = yamlPath;
    }

    public String getTitle() {
        return title;
    }

    public void setTitle(String title) {
        this.title = title;
    }

    public String getVersion() {
        return version;
    }

    public void setVersion(String version) {
        this.version = version;
    }

    public String getDescription() {
        return description;
    }

    public void setDescription(String description) {
        this.description = description;
    }

    public List<String> getExclude() {
        return exclude;
    }

    public void setExclude(List<String> exclude) {
        this.exclude = exclude;
    }
}
