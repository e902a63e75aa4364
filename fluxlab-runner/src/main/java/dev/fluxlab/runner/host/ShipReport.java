package dev.fluxlab.runner.host;

import java.util.Locale;

/** What {@link JarShipper} did on one host: files copied (and their bytes) and files already there unchanged. */
public record ShipReport(String host, int shipped, long bytes, int upToDate) {

    /** {@code shipped 3 files (12.4 MB), 40 up to date} or {@code nothing to ship: 43 files up to date}. */
    public String message() {
        String prefix = "host '" + host + "': ";
        if (shipped == 0) {
            return prefix + "nothing to ship: " + upToDate + " files up to date";
        }
        return prefix + String.format(Locale.ROOT, "shipped %d file%s (%.1f MB)", shipped, shipped == 1 ? "" : "s",
                bytes / 1e6) + (upToDate > 0 ? ", " + upToDate + " up to date" : "");
    }
}
