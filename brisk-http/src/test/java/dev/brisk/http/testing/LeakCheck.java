package dev.brisk.http.testing;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.List;

/** Fails a test class when Netty reported a buffer leak while it ran; registered for every class automatically. */
public final class LeakCheck implements AfterAllCallback {

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        LeakDetection.collect();
        List<String> leaks = LeakDetection.drain();
        if (!leaks.isEmpty()) {
            throw new AssertionError(leaks.size() + " Netty buffer leak(s) in " + context.getDisplayName() + ":\n"
                    + String.join("\n\n", leaks));
        }
    }
}
