package dev.fluxlab.runner.inject;

import dev.fluxlab.model.load.LoadResult;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * A load tool that is a JVM of its own classpath (Gatling): one child JVM warms up and measures (its JIT warms in the
 * warm-up), then writes a report of its own, read here into a {@code fluxlab.load/1} document. Its exit code is not
 * the judge of a run (Gatling's launcher has codes of its own for failed assertions): its report is.
 */
public non-sealed interface JvmInjector extends LoadTool {

    /** Its JVM: main class, own classpath, JVM options. */
    JvmLaunch launch();

    /**
     * The artifact whose jar file name on its classpath carries the tool's version ({@code gatling-app}), said when
     * the tool is placed on a suite host; null when none does.
     */
    default String versionArtifact() {
        return null;
    }

    /** A file of its classpath that exists once it is built (relative to FLUXLAB_HOME), checked before a run. */
    String classpathCheck();

    /**
     * The JVM's arguments after {@code java} and its launch's options: the cell, the warm-up and measured phases, the
     * checks, the classpath and the main with its own arguments.
     *
     * @param warmup       the in-JVM warm-up phase ({@link Duration#ZERO} for a priming load)
     * @param expectStatus the status every response must have
     * @param expectBody   the exact body, or null
     * @param classpath    its classpath, resolved
     * @param results      the folder its report goes to (inside the cell folder)
     */
    List<String> jvmArguments(LoadRequest request, Duration warmup, int expectStatus, String expectBody,
                              String classpath, Path results);

    /**
     * Reads one run: its console {@code output} and the report it wrote under {@code results}.
     *
     * @throws IllegalArgumentException when the run left no usable result (the message says what the tool said)
     */
    LoadResult readReport(String output, Path results, LoadRequest request) throws IOException;

    /** Its classpath not built yet: which module, and how to build it. */
    @Override
    default Optional<String> notInstalled(Predicate<String> built) {
        String check = classpathCheck();
        if (built.test(check)) {
            return Optional.empty();
        }
        return Optional.of("injector '" + name() + "' runs from module " + check.substring(0, check.indexOf('/'))
                + "'s own classpath, which is not built (" + check + " is missing); build it with ./mvnw -B -q "
                + "-DskipTests package (./fluxlab does when the build is stale)");
    }
}
