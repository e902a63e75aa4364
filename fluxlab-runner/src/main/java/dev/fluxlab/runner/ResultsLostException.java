package dev.fluxlab.runner;

import java.io.IOException;
import java.nio.file.Path;

/**
 * results.json could not be written: what the run measured since the last good write is not in it (the cell folders
 * keep their logs and load documents). The run stops starting cells and fails; the message names the file and the
 * cause in one line.
 */
public final class ResultsLostException extends IOException {

    public ResultsLostException(Path file, Exception cause) {
        super("could not write " + file + " (" + describe(cause) + "); the run stopped: cells measured since the "
                + "last write are missing from it (their folders under " + file.resolveSibling("cells") + " are kept)",
                cause);
    }

    private static String describe(Exception e) {
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }
}
