package dev.fluxlab.runner.profile;

import dev.fluxlab.runner.registry.TargetRegistry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * async-profiler's native library ({@code libasyncProfiler.so}) as the build unpacks it from the
 * {@code tools.profiler:async-profiler} jar ({@code fluxlab-cli/target/async-profiler/linux-<arch>/}), and whether a
 * JVM of this machine can load it. {@link #check()} is the one place that decides: it names the problem in one line
 * (no library for this OS or architecture, the file missing, a JVM that fails to load it, no attach API in the
 * runner's JDK), and the run then goes on unprofiled.
 */
public final class ProfilerLibrary {

    /** Where the build unpacks the libraries, relative to FLUXLAB_HOME. */
    static final String UNPACKED = "fluxlab-cli/target/async-profiler";

    private final Path file;
    private final String java;
    private volatile Optional<String> problem;

    /** The library at {@code file}, loaded by JVMs started with {@code java}. */
    public ProfilerLibrary(Path file, String java) {
        this.file = file;
        this.java = java;
    }

    /** The library the build unpacked for this machine's architecture (which may be missing: see {@link #check()}). */
    public static ProfilerLibrary installed(String java) {
        return new ProfilerLibrary(TargetRegistry.home().resolve(UNPACKED).resolve(platform())
                .resolve("libasyncProfiler.so"), java);
    }

    /** async-profiler's folder name for this OS and architecture ({@code linux-x64}, {@code linux-arm64}). */
    static String platform() {
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String a = switch (arch) {
            case "amd64", "x86_64" -> "x64";
            case "aarch64", "arm64" -> "arm64";
            default -> arch;
        };
        return "linux-" + a;
    }

    public Path file() {
        return file;
    }

    /**
     * Why profiles cannot be taken here, once per runner (the first call loads the library into a throw-away JVM,
     * about half a second); empty when they can.
     */
    public Optional<String> check() {
        Optional<String> p = problem;
        if (p == null) {
            p = probe();
            problem = p;
        }
        return p;
    }

    private Optional<String> probe() {
        String os = System.getProperty("os.name", "");
        if (!os.toLowerCase(Locale.ROOT).contains("linux")) {
            return Optional.of("async-profiler ships no library for " + os + "; profiles need Linux");
        }
        if (ModuleLayer.boot().findModule("jdk.attach").isEmpty()) {
            return Optional.of("the runner's Java has no jdk.attach module (a JRE?), which starts and stops the "
                    + "profiler; run fluxlab with a full JDK");
        }
        if (!Files.isRegularFile(file)) {
            return Optional.of("async-profiler's library " + file + " is missing (no build for " + platform()
                    + "?); rebuild with ./mvnw -DskipTests package");
        }
        try {
            Process p = new ProcessBuilder(List.of(java, "-agentpath:" + file, "-version"))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.of("a JVM loading async-profiler's library " + file + " did not start within 30s");
            }
            return p.exitValue() == 0 ? Optional.empty()
                    : Optional.of("a JVM cannot load async-profiler's library " + file + " (java -agentpath exited "
                    + "with code " + p.exitValue() + ")");
        } catch (IOException e) {
            return Optional.of("cannot start " + java + " to check async-profiler's library: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted while checking async-profiler's library");
        }
    }
}
