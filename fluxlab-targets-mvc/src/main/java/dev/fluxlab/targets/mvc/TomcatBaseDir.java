package dev.fluxlab.targets.mvc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Tomcat's base directory (where it keeps its {@code work} folder) as a temporary folder that leaves with the process.
 * Boot's own ({@code /tmp/tomcat.0.<n>}) is deleted at exit only when empty, which Tomcat's {@code work} folder never
 * leaves it: every start of the target left one behind (91 in this lab's /tmp after two days of runs and tests), a
 * file written outside the results folder.
 */
final class TomcatBaseDir {

    private TomcatBaseDir() {
    }

    /** A fresh, empty base directory in the JVM's temporary folder. */
    static Path create() {
        try {
            return Files.createTempDirectory("fluxlab-mvc-tomcat");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create Tomcat's base directory in " + System.getProperty("java.io.tmpdir"), e);
        }
    }

    /** Deletes {@code dir} and everything in it; what cannot be deleted stays (the process is ending). */
    static void delete(Path dir) {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // left behind
        }
    }
}
