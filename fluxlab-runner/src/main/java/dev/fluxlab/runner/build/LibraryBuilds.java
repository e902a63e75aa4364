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
 * (the running classpath without its Reactor Netty, reactor-core and Netty jars) followed by the resolved jars; or, for
 * a target that runs from a module's own classpath (the WebFlux targets, Spring Boot's), that classpath with the
 * build's jars in place of the module's ({@link BootClasspath}), where the build must be of the Reactor Netty line the
 * module's Spring was built on. A version Maven cannot resolve, or a line the code cannot run on, is refused at the
 * suite line that sets it.
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
        Map<String, StackDef> done = new LinkedHashMap<>();
        List<String> lines = new ArrayList<>();
        for (Cell cell : suite.cells()) {
            for (Cell.CellProcess p : cell.processes()) {
                LaunchDef def = registry.target(p.target()).orElse(null);
                String key = def == null ? null : def.buildKey(p.knobs());
                if (key == null || builtIn(def, p.knobs()) || !valid(def, p.knobs())
                        || builds.getOrDefault(p.target(), Map.of()).containsKey(key)) {
                    continue;
                }
                LaunchDef base = def.forKnobs(withoutVersions(def, p.knobs()));
                StackDef stack;
                if (base.classpath() == null || base.classpath().isEmpty()) {
                    BuildRequest r = request(suite, cell, p);
                    stack = done.get(r.cacheKey());
                    if (stack == null) {
                        stack = build(suite, cell, p, r, progress, lines);
                        done.put(r.cacheKey(), stack);
                    }
                } else {
                    List<String> entries = List.of(registry.classpath(base).split(File.pathSeparator));
                    BootClasspath boot = moduleClasspath(suite, cell, p, def, entries);
                    BuildRequest r = moduleRequest(suite, cell, p, def, boot, registry);
                    String k = r.cacheKey() + " in " + entries;
                    stack = done.get(k);
                    if (stack == null) {
                        stack = buildInModule(suite, cell, p, def, r, boot, progress, lines);
                        done.put(k, stack);
                    }
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

    /** {@code knobs} without the target's version knobs: what chooses the launch a build goes under. */
    private static Map<String, String> withoutVersions(LaunchDef def, Map<String, String> knobs) {
        Map<String, String> out = new LinkedHashMap<>(knobs);
        def.knobsOrEmpty().forEach((k, kd) -> {
            if (kd.resolve() != null) {
                out.remove(k);
            }
        });
        return out;
    }

    /** The stack knob of {@code def} (a knob with stacks and no build of its own, e.g. {@code stack}), or null. */
    private static String stackKnob(LaunchDef def) {
        return def.knobsOrEmpty().entrySet().stream().filter(e -> e.getValue().stacks() != null
                && e.getValue().resolve() == null).map(Map.Entry::getKey).findFirst().orElse(null);
    }

    /** The launch {@code knobs} choose, in words ({@code webflux-netty (stack boot-4.0)}). */
    private static String launchWords(LaunchDef def, Cell.CellProcess p, Map<String, String> knobs) {
        String sk = stackKnob(def);
        if (sk == null) {
            return "target " + p.target();
        }
        String v = knobs.getOrDefault(sk, def.knobsOrEmpty().get(sk).literalDefault().orElse("default"));
        return "target " + p.target() + " (" + sk + " " + v + ")";
    }

    /** The module classpath a build goes into; refused when the module is not built or carries no Reactor Netty. */
    private static BootClasspath moduleClasspath(Suite suite, Cell cell, Cell.CellProcess p, LaunchDef def,
                                                 List<String> entries) {
        String knob = firstVersionKnob(p);
        String first = entries.get(0);
        if (!java.nio.file.Files.exists(Path.of(first))) {
            throw suite.error(SuiteValidator.knobPointer(suite, cell, p, knob), "cell " + cell.id() + ": a build of "
                    + "the libraries goes into the classpath of " + launchWords(def, p, p.knobs()) + ", which is not "
                    + "built (" + first + " is missing); build it with ./mvnw -B -q -DskipTests package (./fluxlab "
                    + "does when the build is stale)");
        }
        BootClasspath boot = BootClasspath.of(entries);
        if (boot.version("reactor-netty-http").isEmpty()) {
            throw suite.error(SuiteValidator.knobPointer(suite, cell, p, knob), "cell " + cell.id() + ": "
                    + launchWords(def, p, p.knobs()) + " carries no reactor-netty-http jar in " + entries
                    + " for a build to replace; rebuild its module");
        }
        return boot;
    }

    private static String firstVersionKnob(Cell.CellProcess p) {
        return p.knobs().containsKey(BuildRequest.REACTOR_NETTY_KNOB) ? BuildRequest.REACTOR_NETTY_KNOB
                : p.knobs().containsKey(BuildRequest.NETTY_KNOB) ? BuildRequest.NETTY_KNOB
                : BuildRequest.REACTOR_CORE_KNOB;
    }

    /**
     * The build a cell asks for under a module's classpath: Reactor Netty and Netty default to the module's own; the
     * Reactor Netty line must be the module's (its Spring was built against that line's API: Spring Framework 7 on
     * 1.3.x, 6.2 on 1.2.x), and Netty that line's.
     */
    private static BuildRequest moduleRequest(Suite suite, Cell cell, Cell.CellProcess p, LaunchDef def,
                                              BootClasspath boot, TargetRegistry registry) {
        Map<String, String> k = p.knobs();
        String own = boot.version("reactor-netty-http").orElseThrow();
        ReactorLine ownLine = ReactorLine.of(own).orElse(null);
        String rn = k.getOrDefault(BuildRequest.REACTOR_NETTY_KNOB, own);
        ReactorLine line = ReactorLine.of(rn).orElse(null);
        String where = launchWords(def, p, withoutVersions(def, k));
        if (line == null || line != ownLine) {
            String other = otherStack(def, p, rn, registry);
            throw suite.error(SuiteValidator.knobPointer(suite, cell, p, BuildRequest.REACTOR_NETTY_KNOB), "cell "
                    + cell.id() + ": reactor-netty-version " + rn + " cannot run under " + where + ": its Spring was "
                    + "built on Reactor Netty " + own + " and runs " + (ownLine == null ? own : ownLine.label())
                    + " builds only (another line's API differs under Spring's Reactor Netty support); choose a "
                    + (ownLine == null ? own : ownLine.label()) + " version" + (other == null ? "" : ", or " + other));
        }
        String netty = k.getOrDefault(BuildRequest.NETTY_KNOB, boot.version("netty-common").orElse(line.defaultNetty()));
        if (!netty.startsWith(line.nettyPrefix())) {
            throw suite.error(SuiteValidator.knobPointer(suite, cell, p, BuildRequest.NETTY_KNOB), "cell " + cell.id()
                    + ": netty-version " + netty + " cannot run Reactor Netty " + rn + " under " + where + ": the "
                    + line.label() + " line runs on Netty " + line.nettyPrefix() + "x (leave netty-version out for "
                    + boot.version("netty-common").orElse(line.defaultNetty()) + ")");
        }
        return new BuildRequest(rn, netty, k.get(BuildRequest.REACTOR_CORE_KNOB), true, boot.nettyArtifacts());
    }

    /** The stack knob value of {@code def} whose built module runs {@code rn}'s line, in words; null when none does. */
    private static String otherStack(LaunchDef def, Cell.CellProcess p, String rn, TargetRegistry registry) {
        String sk = stackKnob(def);
        ReactorLine want = ReactorLine.of(rn).orElse(null);
        if (sk == null || want == null) {
            return null;
        }
        for (String v : def.knobsOrEmpty().get(sk).values() == null ? List.<String>of()
                : def.knobsOrEmpty().get(sk).values()) {
            LaunchDef l = def.forKnobs(Map.of(sk, v));
            if (l.classpath() == null || l.classpath().isEmpty()) {
                continue;
            }
            BootClasspath b = BootClasspath.of(List.of(registry.classpath(l).split(File.pathSeparator)));
            if (b.version("reactor-netty-http").flatMap(ReactorLine::of).orElse(null) == want) {
                return sk + ": " + v + ", which runs the " + want.label() + " line";
            }
        }
        return null;
    }

    /** A build put into a module's classpath ({@link BootClasspath}). */
    private StackDef buildInModule(Suite suite, Cell cell, Cell.CellProcess p, LaunchDef def, BuildRequest r,
                                   BootClasspath boot, Consumer<String> progress, List<String> lines) {
        Resolved res = resolveJars(suite, cell, p, r, progress);
        Map<String, String> baseKnobs = withoutVersions(def, p.knobs());
        StackDef baseStack = def.stack(baseKnobs).map(LaunchDef.Stack::def).orElse(null);
        Map<String, String> versions = versions(res.jars());
        String label = launchWords(def, p, baseKnobs) + " on Reactor Netty " + r.reactorNetty() + ", Netty " + r.netty()
                + " (resolved by Maven into its module's classpath)";
        Map<String, List<String>> offers = baseStack == null || baseStack.offers() == null ? null
                : new LinkedHashMap<>(baseStack.offers());
        if (res.note() != null) {
            offers = offers == null ? new LinkedHashMap<>() : offers;
            List<String> nio = List.of("native", "nio");
            List<String> had = offers.get("transport");
            offers.put("transport", had == null ? nio : had.stream().filter(nio::contains).toList());
        }
        String why = res.note() != null ? res.note() : baseStack == null ? null : baseStack.why();
        String line = "resolved " + r.coordinates() + " into " + launchWords(def, p, baseKnobs) + "'s classpath"
                + (res.note() == null ? "" : " (" + res.note() + ")") + ": " + versions.get("resolved");
        lines.add(line);
        progress.accept(line);
        return new StackDef(label, baseStack == null ? null : baseStack.main(),
                baseStack == null ? null : baseStack.args(), boot.with(res.jars()),
                baseStack == null ? "resolved by ./mvnw (runner.build)" : baseStack.module(),
                offers == null ? null : java.util.Collections.unmodifiableMap(offers), why,
                java.util.Collections.unmodifiableMap(versions));
    }

    /** The jars of a build, and why it runs without the native transports (null when it has them). */
    private record Resolved(List<ResolvedJar> jars, String note) {
    }

    private static Map<String, String> versions(List<ResolvedJar> jars) {
        Map<String, String> versions = new TreeMap<>(EnvironmentProbe.versions(String.join(File.pathSeparator,
                jars.stream().map(ResolvedJar::file).toList())));
        versions.put("resolved", String.join(", ", jars.stream().map(ResolvedJar::describe).toList()));
        return versions;
    }

    private StackDef build(Suite suite, Cell cell, Cell.CellProcess p, BuildRequest r, Consumer<String> progress,
                           List<String> lines) {
        Resolved res = resolveJars(suite, cell, p, r, progress);
        List<ResolvedJar> jars = res.jars();
        String note = res.note();
        List<String> classpath = new ArrayList<>(labCode);
        jars.forEach(j -> classpath.add(j.file()));
        Map<String, String> versions = versions(jars);
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

    /** Resolves {@code r}, without the native transports when they alone do not resolve; refused at the knob else. */
    private Resolved resolveJars(Suite suite, Cell cell, Cell.CellProcess p, BuildRequest r,
                                 Consumer<String> progress) {
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
            String knob = firstVersionKnob(p);
            throw suite.error(SuiteValidator.knobPointer(suite, cell, p, knob), "cell " + cell.id() + ": Maven "
                    + "cannot resolve " + r.coordinates() + " from " + maven.repository() + (maven.offlineOnly() ? ""
                    : " or its remote repositories") + ": " + e.getMessage() + "; publish your build to the local "
                    + "repository (./gradlew publishToMavenLocal in the checkout) or choose a released version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Resolved(jars, note);
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
