package dev.fluxlab.runner.build;

import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.model.suite.SuiteException;
import dev.fluxlab.runner.EnvironmentProbe;
import dev.fluxlab.runner.registry.KnobDef;
import dev.fluxlab.runner.registry.LaunchDef;
import dev.fluxlab.runner.registry.StackDef;
import dev.fluxlab.runner.registry.SuiteValidator;
import dev.fluxlab.runner.registry.TargetRegistry;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * Before any cell: every cell whose version knobs ({@link KnobDef#resolve}) ask for a build the registry does not carry
 * gets it resolved ({@link MavenClasspath}, {@link BuildCache}) into a stack of the target: the lab's own target code
 * (the running classpath without its Reactor Netty, reactor-core and Netty jars) followed by the resolved jars. A
 * version Maven cannot resolve, or a line the lab's code cannot run on, is refused at the suite line that sets it.
 *
 * @param maven  how to resolve
 * @param cache  where resolved classpaths are kept
 * @param labCode the lab's target code: the running classpath's entries other than the libraries a build replaces
 */
public record LibraryBuilds(MavenClasspath maven, BuildCache cache, List<String> labCode) {

    /** The jars a build replaces on the lab's classpath. */
    private static final Pattern LIBRARY_JAR =
            Pattern.compile("(netty-|reactor-netty-|reactor-core-|reactor-pool-|reactive-streams-).*\\.jar");

    /** What resolving gave: the registry with the builds' stacks, and a line per build for the console. */
    public record Result(TargetRegistry registry, List<String> lines) {
    }

    /** Builds resolved from Maven's local repository (or {@code -Dmaven.repo.local}), cached under FLUXLAB_HOME. */
    public static LibraryBuilds here() {
        Path home = TargetRegistry.home();
        String repo = System.getProperty("maven.repo.local");
        return new LibraryBuilds(new MavenClasspath(home, repo == null || repo.isBlank() ? null : Path.of(repo), false,
                Duration.ofMinutes(5)),
                new BuildCache(home.resolve(".fluxlab-build").resolve("classpaths")),
                labCode(System.getProperty("java.class.path")));
    }

    /** {@code classpath}'s entries without the library jars a build brings its own of. */
    public static List<String> labCode(String classpath) {
        List<String> out = new ArrayList<>();
        for (String e : classpath.split(File.pathSeparator)) {
            String name = Path.of(e).getFileName() == null ? "" : Path.of(e).getFileName().toString();
            if (!e.isBlank() && !LIBRARY_JAR.matcher(name).matches()) {
                out.add(e);
            }
        }
        return out;
    }

    /**
     * Resolves every build {@code suite}'s cells ask for.
     *
     * @throws SuiteException at the knob's line: a line the lab's code cannot run on, a Netty of another line, or a
     *                        version Maven cannot resolve
     */
    public Result resolve(Suite suite, TargetRegistry registry, Consumer<String> progress) {
        Map<String, Map<String, StackDef>> builds = new LinkedHashMap<>();
        Map<BuildRequest, StackDef> done = new LinkedHashMap<>();
        List<String> lines = new ArrayList<>();
        for (Cell cell : suite.cells()) {
            for (Cell.CellProcess p : cell.processes()) {
                LaunchDef def = registry.target(p.target()).orElse(null);
                String key = def == null ? null : def.buildKey(p.knobs());
                if (key == null || builtIn(def, p.knobs()) || !valid(def, p.knobs())
                        || builds.getOrDefault(p.target(), Map.of()).containsKey(key)) {
                    continue;
                }
                BuildRequest r = request(suite, cell, p);
                StackDef stack = done.get(r);
                if (stack == null) {
                    stack = build(suite, cell, p, r, progress, lines);
                    done.put(r, stack);
                }
                builds.computeIfAbsent(p.target(), t -> new LinkedHashMap<>()).put(key, stack);
            }
        }
        return new Result(builds.isEmpty() ? registry : registry.withBuilds(builds), lines);
    }

    /** The registry's own stacks: reactor-netty-version at a value of its own, no other version knob set. */
    private static boolean builtIn(LaunchDef def, Map<String, String> knobs) {
        for (var e : def.knobsOrEmpty().entrySet()) {
            String v = knobs.get(e.getKey());
            if (e.getValue().resolve() != null && v != null && e.getValue().resolves(v)) {
                return false;
            }
            if (e.getValue().resolve() != null && v != null && e.getValue().values() == null) {
                return false; // a library knob (netty-version) set at all asks for a resolved classpath
            }
        }
        return true;
    }

    /** Whether the version knobs' values are versions at all (anything else is the validator's to refuse). */
    private static boolean valid(LaunchDef def, Map<String, String> knobs) {
        return def.knobsOrEmpty().entrySet().stream().filter(e -> e.getValue().resolve() != null)
                .filter(e -> knobs.get(e.getKey()) != null)
                .allMatch(e -> e.getValue().problem(e.getKey(), knobs.get(e.getKey())).isEmpty());
    }

    private static BuildRequest request(Suite suite, Cell cell, Cell.CellProcess p) {
        Map<String, String> k = p.knobs();
        String rn = k.getOrDefault(BuildRequest.REACTOR_NETTY_KNOB, ReactorLine.LAB_RELEASE);
        ReactorLine line = ReactorLine.of(rn).orElseThrow(() -> suite.error(
                SuiteValidator.knobPointer(suite, cell, p, BuildRequest.REACTOR_NETTY_KNOB),
                "cell " + cell.id() + ": reactor-netty-version " + rn + " is not supported: " + ReactorLine.SUPPORTED
                        + "; choose a 1.3.x or 1.2.x version"));
        String netty = k.get(BuildRequest.NETTY_KNOB);
        if (netty != null && !netty.startsWith(line.nettyPrefix())) {
            throw suite.error(SuiteValidator.knobPointer(suite, cell, p, BuildRequest.NETTY_KNOB), "cell " + cell.id()
                    + ": netty-version " + netty + " cannot run Reactor Netty " + rn + ": the " + line.label()
                    + " line runs on Netty " + line.nettyPrefix() + "x (leave netty-version out for "
                    + line.defaultNetty() + ")");
        }
        return BuildRequest.of(k);
    }

    private StackDef build(Suite suite, Cell cell, Cell.CellProcess p, BuildRequest r, Consumer<String> progress,
                           List<String> lines) {
        String note = null;
        List<ResolvedJar> jars;
        try {
            try {
                jars = jars(r, progress);
            } catch (MavenClasspath.Unresolved e) {
                if (!e.natives()) {
                    throw e;
                }
                jars = jars(r.withoutNatives(), progress);
                note = "Netty " + r.netty() + "'s linux-x86_64 native transports do not resolve here ("
                        + e.getMessage() + "): this build runs on nio only";
            }
        } catch (MavenClasspath.Unresolved e) {
            String knob = p.knobs().containsKey(BuildRequest.REACTOR_NETTY_KNOB) ? BuildRequest.REACTOR_NETTY_KNOB
                    : p.knobs().containsKey(BuildRequest.NETTY_KNOB) ? BuildRequest.NETTY_KNOB
                    : BuildRequest.REACTOR_CORE_KNOB;
            throw suite.error(SuiteValidator.knobPointer(suite, cell, p, knob), "cell " + cell.id() + ": Maven "
                    + "cannot resolve " + r.coordinates() + " from " + maven.repository() + (maven.offlineOnly() ? ""
                    : " or its remote repositories") + ": " + e.getMessage() + "; publish your build to the local "
                    + "repository (./gradlew publishToMavenLocal in the checkout) or choose a released version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> classpath = new ArrayList<>(labCode);
        jars.forEach(j -> classpath.add(j.file()));
        Map<String, String> versions = new TreeMap<>(EnvironmentProbe.versions(String.join(File.pathSeparator,
                jars.stream().map(ResolvedJar::file).toList())));
        versions.put("resolved", String.join(", ", jars.stream().map(ResolvedJar::describe).toList()));
        String label = "Reactor Netty " + r.reactorNetty() + " on Netty " + r.netty() + " (resolved by Maven)";
        Map<String, List<String>> offers = note != null ? Map.of("transport", List.of("native", "nio"))
                : r.line() == ReactorLine.V1_2 ? Map.of("transport", List.of("native", "epoll", "nio")) : null;
        String why = note != null ? note : r.line() == ReactorLine.V1_2
                ? "Netty 4.1 has no io_uring transport (on that line io_uring was a separate incubator module)" : null;
        String line = "resolved " + r.coordinates() + (note == null ? "" : " (" + note + ")") + ": "
                + versions.get("resolved");
        lines.add(line);
        progress.accept(line);
        return new StackDef(label, null, null, List.copyOf(classpath), "resolved by ./mvnw (runner.build)", offers,
                why, java.util.Collections.unmodifiableMap(versions));
    }

    private List<ResolvedJar> jars(BuildRequest r, Consumer<String> progress)
            throws MavenClasspath.Unresolved, IOException {
        var cached = cache.get(r, maven.repository());
        if (cached.isPresent()) {
            return cached.get();
        }
        progress.accept("resolving " + r.coordinates() + " with ./mvnw from " + maven.repository()
                + " (offline first)...");
        List<ResolvedJar> jars = maven.resolve(r, cache.folder(r, maven.repository()));
        cache.put(r, maven.repository(), jars);
        return jars;
    }
}
