package dev.fluxlab.runner.registry;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.fluxlab.model.suite.CommandTarget;
import dev.fluxlab.model.suite.Suite;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The systems under test fluxlab knows how to start, and its injector, by name. It is data (a YAML document,
 * {@code targets.yaml} next to this class), so a new target with its own classpath and knobs is an entry,
 * not a code path. Tests build registries that launch fake processes.
 */
public final class TargetRegistry {

    private static final YAMLMapper YAML = YAMLMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
            .build();

    /** The document's shape. */
    public record Document(LaunchDef injector, Map<String, LaunchDef> targets) {
    }

    private final LaunchDef injector;
    private final Map<String, LaunchDef> targets;
    private final Path home;
    /** The suite's own command targets by their suite name ({@link #withCommands}); empty for the registry alone. */
    private final Map<String, CommandTarget> commands;

    private TargetRegistry(Document doc, Path home) {
        if (doc.injector() == null || doc.targets() == null || doc.targets().isEmpty()) {
            throw new IllegalArgumentException("a target registry needs an 'injector' and at least one target");
        }
        this.injector = doc.injector();
        this.targets = new LinkedHashMap<>(doc.targets());
        this.home = home;
        this.commands = Map.of();
    }

    private TargetRegistry(TargetRegistry base, Map<String, CommandTarget> commands) {
        this.injector = base.injector;
        this.targets = new LinkedHashMap<>(base.targets);
        this.home = base.home;
        this.commands = Map.copyOf(commands);
        commands.forEach((name, c) -> targets.put(name, CommandTargets.launchDef(c)));
    }

    /**
     * This registry with {@code suite}'s command targets ({@link CommandTarget}) added under their suite names (over a
     * registry entry of the same name), so that every part of the runner that asks the registry about a cell's target
     * (self-loading? keep-alive? which knobs?) gets an answer; {@link #command} says how to start one. This very
     * registry when it has them already or the suite has none.
     */
    public TargetRegistry withCommands(Suite suite) {
        Map<String, CommandTarget> own = CommandTarget.of(suite.spec());
        return own.equals(commands) ? this : new TargetRegistry(this, own);
    }

    /** The suite's own command target named {@code name}, when it is one. */
    public Optional<CommandTarget> command(String name) {
        return Optional.ofNullable(commands.get(name));
    }

    /** The built-in registry. */
    public static TargetRegistry builtIn() {
        try (InputStream in = TargetRegistry.class.getResourceAsStream("targets.yaml")) {
            return new TargetRegistry(YAML.readValue(in, Document.class), home());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A registry from YAML text (tests, or a user's own registry). */
    public static TargetRegistry parse(String yaml) {
        try {
            return new TargetRegistry(YAML.readValue(yaml, Document.class), home());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * FLUXLAB_HOME (set by the ./fluxlab launcher); else the nearest directory, from the working directory up, that
     * holds the {@code fluxlab} launcher next to a {@code pom.xml} (a module's tests run from the module folder, and
     * targets with their own classpath, e.g. webflux-netty, resolve it from the checkout's root); else the working
     * directory.
     */
    public static Path home() {
        String h = System.getenv("FLUXLAB_HOME");
        if (h != null && !h.isBlank()) {
            return Path.of(h).toAbsolutePath().normalize();
        }
        Path cwd = Path.of(".").toAbsolutePath().normalize();
        for (Path d = cwd; d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("fluxlab")) && Files.isRegularFile(d.resolve("pom.xml"))) {
                return d;
            }
        }
        return cwd;
    }

    /**
     * This registry with library builds resolved before a run ({@code runner.build}): target name -> build key
     * ({@link LaunchDef#buildKey}) -> the stack it runs. Every other target stays as it is.
     */
    public TargetRegistry withBuilds(Map<String, Map<String, StackDef>> builds) {
        Map<String, LaunchDef> t = new LinkedHashMap<>(targets);
        builds.forEach((name, b) -> t.computeIfPresent(name, (n, def) -> def.withBuilds(b)));
        return new TargetRegistry(new Document(injector, t), home);
    }

    public LaunchDef injector() {
        return injector;
    }

    public Optional<LaunchDef> target(String name) {
        return Optional.ofNullable(targets.get(name));
    }

    public Map<String, LaunchDef> targets() {
        return Map.copyOf(targets);
    }

    public List<String> targetNames() {
        return new ArrayList<>(targets.keySet());
    }

    /** The classpath a launch uses: its own entries resolved against FLUXLAB_HOME, else the running JVM's. */
    public String classpath(LaunchDef def) {
        if (def.classpath() == null || def.classpath().isEmpty()) {
            return System.getProperty("java.class.path");
        }
        List<String> out = new ArrayList<>();
        for (String e : def.classpath()) {
            Path p = Path.of(e);
            out.add((p.isAbsolute() ? p : home.resolve(p)).toString());
        }
        return String.join(java.io.File.pathSeparator, out);
    }

    /** Whether {@code entry} (relative to FLUXLAB_HOME, or absolute) exists: a launch's own classpath is built. */
    public boolean hasClasspath(String entry) {
        Path p = Path.of(entry);
        return Files.exists(p.isAbsolute() ? p : home.resolve(p));
    }

    /** The java executable of the running JVM: children run on the same JDK. */
    public static String java() {
        Path p = Path.of(System.getProperty("java.home"), "bin", "java");
        return Files.isExecutable(p) ? p.toString() : "java";
    }
}
