package dev.fluxlab.cli;

import dev.fluxlab.runner.Runner;
import dev.fluxlab.runner.registry.TargetRegistry;

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

    /**
     * Folders of fluxlab's checkout a run must not write into: sources ({@code src}, whose newer files also make
     * {@code ./fluxlab} rebuild before every command), the build's output ({@code target}, {@code .fluxlab-build},
     * removed by {@code mvn clean}) and git's own.
     */
    static final Set<String> CHECKOUT_FOLDERS = Set.of("src", "target", ".fluxlab-build", ".git");

    /**
     * Characters a results folder's path cannot hold: its files are named in JVM options ({@code -Xlog:gc:file=...},
     * whose fields are separated by {@code :}, and where {@code %p} / {@code %t} expand; async-profiler's and JFR's
     * options, separated by {@code ,}), and a double quote cannot be quoted there.
     */
    static final String JVM_OPTION_BREAKERS = ":,%\"";

    /** Why {@code dir} cannot take a new run, as one line naming the fix; null when it can. */
    static String problem(Path dir) {
        Path home = TargetRegistry.home();
        boolean checkout = Files.isRegularFile(home.resolve("fluxlab")) && Files.isRegularFile(home.resolve("pom.xml"));
        return problem(dir, checkout ? home : null);
    }

    /** As {@link #problem(Path)}, with fluxlab's checkout at {@code checkout} (null: none). */
    static String problem(Path dir, Path checkout) {
        String inside = insideCheckout(dir, checkout);
        if (inside != null) {
            return inside;
        }
        String abs = dir.toAbsolutePath().toString();
        for (int i = 0; i < abs.length(); i++) {
            char c = abs.charAt(i);
            if (JVM_OPTION_BREAKERS.indexOf(c) >= 0) {
                return "--out " + dir + " holds '" + c + "', which the JVM options a run writes its files with cannot "
                        + "carry (-Xlog:gc:file=... ends the file name at ':', the profiler's and JFR's options at ',', "
                        + "a GC log name expands '%'): every cell would fail to start; give a folder whose path has no "
                        + "':', ',', '%' or '\"'";
            }
        }
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

    /**
     * Why {@code dir} lies in a folder of the checkout a run must not write into ({@link #CHECKOUT_FOLDERS}); null when
     * it does not. Links are followed as far as the path exists, so a link into {@code src/} is refused too.
     */
    private static String insideCheckout(Path dir, Path checkout) {
        if (checkout == null) {
            return null;
        }
        try {
            Path home = checkout.toRealPath();
            Path abs = dir.toAbsolutePath().normalize();
            Path existing = abs;
            while (existing != null && !Files.exists(existing)) {
                existing = existing.getParent();
            }
            if (existing == null) {
                return null;
            }
            Path real = existing.toRealPath().resolve(existing.relativize(abs)).normalize();
            if (!real.startsWith(home)) {
                return null;
            }
            for (Path part : home.relativize(real)) {
                if (CHECKOUT_FOLDERS.contains(part.toString())) {
                    return "--out " + dir + " is inside a '" + part + "' folder of fluxlab's checkout " + home
                            + ", which holds its sources and build, not results (" + (part.toString().equals("src")
                            ? "a newer file there makes ./fluxlab rebuild" : "it is replaced by a build or by git")
                            + "); give a folder under " + home.resolve("results") + " or outside the checkout";
                }
            }
            return null;
        } catch (IOException e) {
            return null; // unreadable: the checks below name it
        }
    }
}
