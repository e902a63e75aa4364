package dev.fluxlab.runner.inject;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** The external injectors fluxlab knows, by name, and where their executables are on this machine. */
public final class ExternalInjectors {

    private static final List<ExternalInjector> ALL = List.of(new WrkInjector(), new H2loadInjector(), new AbInjector());

    private ExternalInjectors() {
    }

    /** The adapter for {@code name}; empty for {@code fluxlab} (or null) and unknown names. */
    public static Optional<ExternalInjector> byName(String name) {
        return ALL.stream().filter(i -> i.name().equals(name)).findFirst();
    }

    public static List<ExternalInjector> all() {
        return ALL;
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

    /** The message for a missing tool: what to install, and how. */
    public static String missing(ExternalInjector i) {
        return "injector '" + i.name() + "' needs the '" + i.executable() + "' command, which is not on PATH; install "
                + "Debian's package " + i.debianPackage() + " (apt-get install " + i.debianPackage() + ")";
    }
}
