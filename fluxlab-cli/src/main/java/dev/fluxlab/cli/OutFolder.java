package dev.fluxlab.cli;

import dev.fluxlab.runner.Runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The folder {@code fluxlab run --out DIR} writes a run into: a new folder that can be created, an empty one, or one a
 * run is just being started in (its lock and suite copy, so that run's lock answers "in use"). A regular file, a folder that already
 * holds a run, or a folder holding other files is refused before anything is started: a run writes results.json,
 * suite.yaml and cells/ into DIR, and {@code --out .} or {@code --out ~} would mix them with the user's own files.
 */
final class OutFolder {

    /** What a run puts into its folder before results.json: its lock and its suite copy. */
    private static final Set<String> RUN_FILES = Set.of(Runner.LOCK_FILE, Runner.SUITE_COPY);

    private OutFolder() {
    }

    /** Why {@code dir} cannot take a new run, as one line naming the fix; null when it can. */
    static String problem(Path dir) {
        for (Path name : dir.toAbsolutePath()) {
            if (OutputFile.tooLongForAName(name)) {
                return "--out " + dir + ": a folder name in it is longer than " + OutputFile.MAX_NAME_BYTES
                        + " bytes, the most a Linux file name holds; give a shorter one";
            }
        }
        if (!Files.exists(dir)) {
            try {
                OutputFile.checkCreatable("--out", dir);
                return null;
            } catch (IllegalArgumentException e) {
                return e.getMessage();
            }
        }
        if (!Files.isDirectory(dir)) {
            return "--out " + dir + " is a file, not a folder; give the path of a new folder for the run's results";
        }
        if (Files.exists(dir.resolve(Runner.RESULTS_FILE))) {
            return dir + " already holds a run; choose another --out, or --resume " + dir;
        }
        try (Stream<Path> entries = Files.list(dir)) {
            if (entries.anyMatch(p -> !RUN_FILES.contains(p.getFileName().toString()))) {
                return "--out " + dir + " is a folder that already holds other files; a run writes results.json, "
                        + Runner.SUITE_COPY + " and cells/ into its folder, so give a new or empty folder";
            }
        } catch (IOException e) {
            return "--out " + dir + " cannot be read (" + e.getMessage() + "); give a new folder you can write";
        }
        try {
            OutputFile.checkFolderWritable("--out", dir); // an empty folder on a read-only or full file system
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        return null;
    }
}
