package dev.brisk.rest.internal.staticfiles;

import java.util.List;

/** Several locations under one mount, searched in order: the first that has a resource serves it. */
record CompositeLocator(List<ResourceLocator> locators) implements ResourceLocator {

    @Override
    public StaticResource find(List<String> segments) {
        for (ResourceLocator locator : locators) {
            StaticResource found = locator.find(segments);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    @Override
    public boolean isDirectory(List<String> segments) {
        for (ResourceLocator locator : locators) {
            if (locator.isDirectory(segments)) {
                return true;
            }
        }
        return false;
    }
}
