package dev.brisk.rpc.internal;

/**
 * Which providers of a service a proxy calls: those whose version the range accepts and whose group is the one asked
 * for ({@code ""}: providers without a group; {@value #ANY_GROUP}: any group).
 */
public record ProviderSelection(VersionRange version, String group) {

    /** The group that accepts providers of every group, and those without one. */
    public static final String ANY_GROUP = "*";

    /** Any version, providers without a group. */
    public static final ProviderSelection DEFAULT = new ProviderSelection(VersionRange.ANY, "");

    /**
     * The selection of a version range and a group as an application writes them.
     *
     * @throws IllegalArgumentException when {@code version} is no range ({@link VersionRange#parse})
     */
    public static ProviderSelection of(String version, String group) {
        if (group == null) {
            throw new IllegalArgumentException("group must not be null");
        }
        return new ProviderSelection(VersionRange.parse(version), group.strip());
    }

    /** Whether a provider of {@code version} in {@code group} (each empty when it declares none) is selected. */
    public boolean accepts(String version, String group) {
        return (ANY_GROUP.equals(this.group) || this.group.equals(group)) && this.version.includes(version);
    }

    /** "version [2.0,3.0) and group 'eu'", as messages name it. */
    @Override
    public String toString() {
        return "version " + version + " and " + (ANY_GROUP.equals(group) ? "any group"
                : group.isEmpty() ? "no group" : "group '" + group + "'");
    }
}
