package dev.fluxlab.runner.launch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The injector's JDK 25 AOT cache (classes loaded and linked, method profiles: JEP 483, JEP 515), as the
 * {@code fluxlab} launcher hands it over: it trains the cache once per build ({@code fluxlab aot-train}), checks that
 * it belongs to this JDK and these jars, and names it in {@code FLUXLAB_INJECTOR_AOT}. Every local injector JVM of a
 * run then starts with it, so its JIT compiles its hot path before the measured phase rather than in it (measured
 * against a warm target: 1-86 ms of injector compile time in a 4 s window, 229-445 ms without).
 *
 * <p>An injector on another host gets the option too; its classpath there is another one, so its JVM does not map
 * the cache and runs as without it (the JVM's AOT messages are turned off: a cache that does not fit is not an
 * error, only slower warm-up).
 */
public final class InjectorAotCache {

    /** The environment variable naming the cache; set by the launcher only when the cache fits this build. */
    public static final String ENV = "FLUXLAB_INJECTOR_AOT";

    private InjectorAotCache() {
    }

    /** The cache named by the launcher, when that file exists. */
    public static Optional<Path> fromEnvironment() {
        String v = System.getenv(ENV);
        if (v == null || v.isBlank()) {
            return Optional.empty();
        }
        Path p = Path.of(v);
        return Files.isRegularFile(p) ? Optional.of(p) : Optional.empty();
    }

    /** The injector JVM's options for {@code cache}: use it, and say nothing when it does not fit. */
    public static List<String> jvmOptions(Path cache) {
        return List.of("-XX:AOTCache=" + cache, "-Xlog:aot=off,cds=off");
    }
}
