package dev.fluxlab.runner.registry;

import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.CommandTarget;
import dev.fluxlab.model.suite.Locations;
import dev.fluxlab.model.suite.Suite;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the runner needs of a suite's own command targets ({@link CommandTarget}) beyond the suite's structure: their
 * entry in the registry (so the runner asks about them as about any target), their working folder, and the checks
 * that need this machine: the working folder exists, the program is found (a path with a {@code /} relative to the
 * working folder, else on the {@code PATH}; each program a knob's values name) and may be executed. All refused before
 * anything starts. A command target on a suite host is looked for there instead, once the hosts are ready
 * ({@code host.HostCommands}).
 */
public final class CommandTargets {

    private CommandTargets() {
    }

    /** The registry's view of a command target: not self-loading, no classpath, its knobs taking any value. */
    static LaunchDef launchDef(CommandTarget c) {
        Map<String, KnobDef> knobs = new LinkedHashMap<>();
        for (String k : c.knobs()) {
            knobs.put(Suite.knobName(k), new KnobDef("text", null, null, null, null, null, null, null, null,
                    "a knob of the suite's command, given to it as ${" + k + "}", null, null, null));
        }
        return new LaunchDef("the suite's own command: " + String.join(" ", c.command()), null, List.of(), null,
                List.of(), knobs, null, false, null, null);
    }

    /** The folder the command runs in: its {@code cwd} relative to the suite file's folder, else that folder. */
    public static Path workingDir(Suite suite, CommandTarget c) {
        Path suiteDir = Path.of(suite.file()).toAbsolutePath().normalize().getParent();
        if (c.cwd() == null) {
            return suiteDir;
        }
        Path p = Path.of(c.cwd());
        return (p.isAbsolute() ? p : suiteDir.resolve(p)).normalize();
    }

    /**
     * The program {@code word} names, as {@code execvp} would find it: a path containing {@code /} relative to
     * {@code cwd}, else the first executable file of that name on {@code path} (the {@code PATH} value); empty when
     * there is none.
     */
    public static Optional<Path> executable(String word, Path cwd, String path) {
        try {
            if (word.contains("/")) {
                Path p = cwd.resolve(word).normalize();
                return Files.isRegularFile(p) && Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
            }
            for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
                if (dir.isEmpty()) {
                    continue;
                }
                Path p = Path.of(dir, word);
                if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** The checks of every command target of {@code suite} on this machine; the first problem is thrown at its line. */
    static void check(Suite suite) {
        Map<String, CommandTarget> all = CommandTarget.of(suite.spec());
        if (all.isEmpty()) {
            return;
        }
        if (all.values().stream().anyMatch(c -> !onHost(suite, c))
                && executable("setsid", Path.of("/"), System.getenv("PATH")).isEmpty()) {
            throw suite.error(Locations.pointer("targets", all.keySet().iterator().next(), "command"),
                    "fluxlab starts a command target with 'setsid' (its own process group, stopped as a whole), and "
                            + "setsid is not on the PATH: install Debian's util-linux package");
        }
        for (CommandTarget c : all.values()) {
            if (onHost(suite, c)) {
                continue; // its program and folder are the host's: looked for there before any cell (host.HostCommands)
            }
            String at = Locations.pointer("targets", c.name());
            Path cwd = workingDir(suite, c);
            if (!Files.isDirectory(cwd)) {
                throw suite.error(c.cwd() == null ? at : at + "/cwd", "the working folder of target '" + c.name()
                        + "', " + cwd + ", " + (Files.exists(cwd) ? "is not a folder" : "does not exist")
                        + "; 'cwd' is relative to the suite file's folder: correct it, or create the folder");
            }
            String program = c.command().get(0);
            if (CommandTarget.placeholders(program).isEmpty()) {
                checkProgram(suite, c, program, null, at + "/command/0", cwd);
                continue;
            }
            // a knob chooses the program: each program its values give must be there, refused at the value's line
            Map<String, String> seen = new LinkedHashMap<>();
            for (Cell cell : suite.cells()) {
                for (Cell.CellProcess p : cell.processes()) {
                    if (!p.target().equals(c.name())) {
                        continue;
                    }
                    Map<String, String> values = new LinkedHashMap<>(p.knobs());
                    values.put(CommandTarget.PORT, "0");
                    values.put(CommandTarget.HOST, CommandTarget.LOOPBACK);
                    String filled;
                    try {
                        filled = CommandTarget.fill(program, values);
                    } catch (IllegalArgumentException e) {
                        continue; // a ${name} nothing defines: refused by the suite's own checks
                    }
                    if (seen.putIfAbsent(filled, program) != null) {
                        continue;
                    }
                    String knob = CommandTarget.placeholders(program).stream().map(Suite::knobName)
                            .filter(p.knobs()::containsKey).findFirst().orElse(null);
                    String where = knob == null ? at + "/command/0"
                            : SuiteValidator.knobPointer(suite, cell, p, knob);
                    checkProgram(suite, c, filled, knob == null ? null : "knob " + knob + " = '" + p.knobs().get(knob)
                            + "' in '" + program + "'", where, cwd);
                }
            }
        }
    }

    /** Whether {@code c} runs on a suite host ({@code host:}): its cells' processes of it say where. */
    public static boolean onHost(Suite suite, CommandTarget c) {
        return suite.cells().stream().flatMap(cell -> cell.processes().stream())
                .anyMatch(p -> p.target().equals(c.name()) && p.host() != null);
    }

    /**
     * Refuses at {@code where} a program {@code program} of {@code c} that is not there; {@code from} says which knob
     * value gave it (null when the command names it as written).
     */
    private static void checkProgram(Suite suite, CommandTarget c, String program, String from, String where,
                                     Path cwd) {
        if (executable(program, cwd, System.getenv("PATH")).isPresent()) {
            return;
        }
        boolean relative = program.contains("/");
        Path p = relative ? cwd.resolve(program).normalize() : null;
        String fix = from == null ? "" : "; or change that knob value";
        throw suite.error(where, "the program of target '" + c.name() + "', '" + program + "'"
                + (from == null ? "" : " (from " + from + ")") + ", "
                + (relative ? (Files.exists(p) ? "(" + p + ") is not an executable file; make it one "
                + "(chmod +x), or run it through its interpreter, e.g. [sh, " + program + "]"
                : "does not exist (" + p + "; a path is relative to the working folder " + cwd + "); "
                + "correct it, or build the program first")
                : "is not on the PATH; install it, or give its path (relative to the working folder " + cwd
                + ", or absolute)") + fix);
    }
}
