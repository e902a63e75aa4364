package dev.fluxlab.runner.inject;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What running a native tool needs on this machine: where its executable is, what its exit code says, and the message
 * for one that is missing. The tools themselves are found in {@link LoadTools}.
 */
public final class ExternalInjectors {

    private ExternalInjectors() {
    }

    /** The executable's absolute path on PATH, or empty. */
    public static Optional<Path> locate(String executable) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path p = Path.of(dir, executable);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return Optional.of(p.toAbsolutePath());
            }
        }
        return Optional.empty();
    }

    /**
     * What a tool's exit code says when it is not 0: the tools exit 0 after every run they finish, errors or not, so any
     * other code (a usage error, a crash, ab giving up on a socket error) makes whatever it printed no result; null
     * for 0 (and for a code not known yet).
     *
     * @param what   the run, e.g. {@code injector wrk} or {@code wrk's warm-up run}
     * @param output what it printed, whose last lines are quoted
     */
    public static String exitProblem(String what, Integer exitCode, String output) {
        if (exitCode == null || exitCode == 0) {
            return null;
        }
        String tail = tail(output == null ? "" : output);
        return what + " exited with code " + exitCode + (exitCode > 128 ? " (signal " + (exitCode - 128) + ")" : "")
                + ", so its figures are not a result" + (tail.isEmpty() ? "" : ": " + tail);
    }

    /** The last non-blank lines of a tool's output, to quote what it said when it gave no result. */
    public static String tail(String output) {
        return ToolOutput.tail(output);
    }

    /** The message for a missing tool: what to install, and how. */
    public static String missing(ExternalInjector i) {
        return "injector '" + i.name() + "' needs the '" + i.executable() + "' command, which is not on PATH; install "
                + i.install();
    }
}
