package dev.fluxlab.targets.mvc;

import org.springframework.context.ConfigurableApplicationContext;

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

    /** How long the deleting hook waits for the context (and Tomcat) to finish closing. */
    private static final long CLOSE_WAIT_MS = 5_000;

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

    /**
     * Deletes {@code dir} when the JVM exits, once {@code context} has closed (Boot's own shutdown hook closes it, and
     * Tomcat stops before the context stops being active), waiting at most {@value #CLOSE_WAIT_MS} ms for that.
     */
    static void deleteAtExit(ConfigurableApplicationContext context, Path dir) {
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("fluxlab-tomcat-basedir").unstarted(() -> {
            long end = System.currentTimeMillis() + CLOSE_WAIT_MS;
            while (context.isActive() && System.currentTimeMillis() < end) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            delete(dir);
        }));
    }

    /** Deletes {@code dir} and everything in it; what cannot be deleted stays (nothing to report at exit). */
    static void delete(Path dir) {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // left behind; the process is ending
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // left behind
        }
    }
}
