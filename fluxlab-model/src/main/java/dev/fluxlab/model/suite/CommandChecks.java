package dev.fluxlab.model.suite;

import dev.fluxlab.model.Durations;
import dev.fluxlab.model.Refusal;
import dev.fluxlab.model.suite.SuiteSpec.ReadySpec;
import dev.fluxlab.model.suite.SuiteSpec.TargetSpec;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The structural checks of a command target ({@link CommandTarget}), those that need neither the registry nor the
 * machine: the command is a non-empty list, every {@code ${name}} is defined, the server is given {@code ${port}}, one
 * readiness kind that can work, a known stop signal and a duration for its grace, and none of the keys that belong to
 * registry targets. Whether the executable and the working folder exist is the runner's check (this machine's).
 */
final class CommandChecks {

    private final BiFunction<String, String, SuiteException> error;

    CommandChecks(BiFunction<String, String, SuiteException> error) {
        this.error = error;
    }

    /** The keys a command target may carry, for messages. */
    static final String KEYS = "command, ready, cwd, env, stop, knobs, cpus, host, cold_warmup_min";

    /** Refuses a command key on a registry target: they only mean something with {@code command}. */
    void notCommand(String at, String name, TargetSpec t) {
        String key = t.ready() != null ? "ready" : t.cwd() != null ? "cwd" : t.env() != null ? "env"
                : t.stop() != null ? "stop" : null;
        if (key != null) {
            throw error.apply(at + "/" + key, "'" + key + "' of target '" + name + "' only applies to a target "
                    + "started by its own 'command'; give the command, or remove '" + key + "'");
        }
    }

    void check(String at, String name, TargetSpec t) {
        for (var other : List.of(
                new Object[]{"target", t.target(), "a command target is started by its command, not by a registry "
                        + "target; remove 'target' (or 'command')"},
                new Object[]{"processes", t.processes(), "a command target is one process; declare several command "
                        + "targets instead"},
                new Object[]{"entry", t.entry(), "a command target is one process; remove 'entry'"},
                new Object[]{"jvm", t.jvm(), "fluxlab does not build a command target's command line: put JVM "
                        + "options into 'command' itself (e.g. [java, -Xmx512m, -jar, app.jar]), or sweep them with a "
                        + "knob: [java, '-XX:+Use${gc}', ...] with 'knobs: {gc: [G1GC, ParallelGC]}'"})) {
            if (other[1] != null) {
                throw error.apply(at + "/" + other[0], "target '" + name + "' has a 'command' and '" + other[0]
                        + "': " + other[2]);
            }
        }
        if (Refusal.hasNul(t.cwd())) {
            throw error.apply(at + "/cwd", Refusal.nulInPath("'cwd' of target '" + name + "'"));
        }
        if (t.host() != null && t.cwd() != null && !t.cwd().startsWith("/")) {
            throw error.apply(at + "/cwd", "target '" + name + "' runs on host '" + t.host() + "', where its 'cwd' "
                    + "cannot be relative to the suite file's folder: give the folder's absolute path on that host "
                    + "(e.g. /opt/my-app), or leave 'cwd' out to run in the login's home folder there");
        }
        List<String> cmd = t.command();
        if (cmd.isEmpty() || cmd.get(0) == null || cmd.get(0).isBlank()) {
            throw error.apply(at + "/command", "the 'command' of target '" + name + "' is empty; give the program and "
                    + "its arguments as a list, e.g. command: [java, Server.java, '--port=${port}']");
        }
        for (int i = 0; i < cmd.size(); i++) {
            if (cmd.get(i) == null) {
                throw error.apply(at + "/command/" + i, "word " + (i + 1) + " of the 'command' of target '" + name
                        + "' has no value; quote it (\"\") for an empty argument");
            }
        }
        if (cmd.size() == 1 && cmd.get(0).strip().contains(" ")) {
            throw error.apply(at + "/command", "the 'command' of target '" + name + "' is one word with spaces ('"
                    + cmd.get(0) + "'), and fluxlab runs no shell to split it: write it as a list, one argument each, "
                    + "e.g. [" + String.join(", ", cmd.get(0).strip().split("\\s+")) + "]");
        }
        Map<String, List<String>> knobs = t.knobs() == null ? Map.of() : t.knobs();
        Set<String> defined = new LinkedHashSet<>(List.of(CommandTarget.PORT, CommandTarget.HOST));
        for (String k : knobs.keySet()) {
            if (k.equals(CommandTarget.PORT) || k.equals(CommandTarget.HOST)) {
                throw error.apply(at + "/knobs/" + k, "knob '" + k + "' of target '" + name + "' is fluxlab's: ${"
                        + k + "} is " + (k.equals(CommandTarget.PORT) ? "the free loopback port fluxlab picks for "
                        + "each start" : "the address the server binds (" + CommandTarget.LOOPBACK + ", or its suite host's address)")
                        + "; name your knob otherwise");
            }
            if (!SuiteChecks.NAME.matcher(k).matches()) {
                throw error.apply(at + "/knobs/" + k, "knob name '" + k + "' of target '" + name + "' is not accepted: "
                        + "it is written ${" + k + "} in the command and 'name=value' in each cell's id, so it must be "
                        + "a letter or digit followed by letters, digits, '_' or '-' (at most 64, pattern "
                        + SuiteChecks.NAME.pattern() + "); name your knob e.g. 'threads'");
            }
            if (CellMatrix.CELL_KNOBS.stream().map(Suite::knobName).anyMatch(Suite.knobName(k)::equals)) {
                throw error.apply(at + "/knobs/" + k, "knob '" + k + "' of target '" + name + "' has the name of a knob "
                        + "every cell already carries (" + String.join(", ", CellMatrix.CELL_KNOBS) + "), which it "
                        + "would overwrite in the cells' ids and tables; name your knob otherwise");
            }
            for (String v : knobs.get(k) == null ? List.<String>of() : knobs.get(k)) {
                if (v != null && v.indexOf('\0') >= 0) {
                    throw error.apply(at + "/knobs/" + k, "knob '" + k + "' of target '" + name + "': "
                            + noNul("its value", v));
                }
            }
            defined.add(k);
            defined.add(Suite.knobName(k));
        }
        for (int i = 0; i < cmd.size(); i++) {
            if (cmd.get(i).indexOf('\0') >= 0) {
                throw error.apply(at + "/command/" + i, "target '" + name + "', word " + (i + 1) + " of its command: "
                        + noNul("it", cmd.get(i)));
            }
            checkPlaceholders(at + "/command/" + i, name, "word " + (i + 1) + " of its command", cmd.get(i), defined);
        }
        if (t.env() != null) {
            for (var e : t.env().entrySet()) {
                if (e.getKey().isEmpty() || e.getKey().indexOf('=') >= 0 || e.getKey().indexOf('\0') >= 0) {
                    throw error.apply(at + "/env", "environment variable name '" + e.getKey()
                            + "' of target '" + name + "' cannot be set: a name is not empty and holds no '=' (it "
                            + "ends the name in the environment) and no NUL character; give a name such as "
                            + "SPRING_PROFILES_ACTIVE");
                }
                if (e.getValue() == null) {
                    throw error.apply(at + "/env/" + e.getKey(), "environment variable '" + e.getKey() + "' of target '"
                            + name + "' has no value; quote it (\"\") for an empty one");
                }
                if (e.getValue().indexOf('\0') >= 0) {
                    throw error.apply(at + "/env/" + e.getKey(), "target '" + name + "', its environment variable "
                            + e.getKey() + ": " + noNul("its value", e.getValue()));
                }
                checkPlaceholders(at + "/env/" + e.getKey(), name, "its environment variable " + e.getKey(),
                        e.getValue(), defined);
            }
        }
        boolean port = new ArrayList<>(cmd).stream().anyMatch(w -> CommandTarget.placeholders(w).contains("port"))
                || (t.env() != null && t.env().values().stream()
                .anyMatch(w -> CommandTarget.placeholders(w).contains("port")));
        if (!port) {
            throw error.apply(at + "/command", "the 'command' of target '" + name + "' does not take ${port}: fluxlab "
                    + "picks a free loopback port for every start (so runs and checkouts never collide) and loads "
                    + "that port; pass it to your server, e.g. '--server.port=${port}', or in 'env: {PORT: "
                    + "\"${port}\"}'");
        }
        Set<String> used = new LinkedHashSet<>();
        cmd.forEach(w -> CommandTarget.placeholders(w).forEach(p -> used.add(Suite.knobName(p))));
        if (t.env() != null) {
            t.env().values().forEach(w -> CommandTarget.placeholders(w).forEach(p -> used.add(Suite.knobName(p))));
        }
        for (var k : knobs.entrySet()) {
            if (k.getValue() != null && k.getValue().stream().distinct().count() > 1
                    && !used.contains(Suite.knobName(k.getKey()))) {
                throw error.apply(at + "/knobs/" + k.getKey(), "knob '" + k.getKey() + "' of target '" + name + "' has "
                        + k.getValue().size() + " values, but no ${" + k.getKey() + "} in its command or env takes "
                        + "them: every value would run the same command, and the cells would differ in name only; "
                        + "pass it to the server (e.g. '--" + k.getKey() + "=${" + k.getKey() + "}') or give it one value");
            }
        }
        checkReady(at + "/ready", name, t.ready());
        if (t.stop() != null) {
            if (t.stop().signal() != null
                    && !CommandTarget.SIGNALS.contains(CommandTarget.signalName(t.stop().signal()))) {
                throw error.apply(at + "/stop/signal", "stop of target '" + name + "': "
                        + Refusal.unknown("signal", t.stop().signal(), CommandTarget.SIGNALS));
            }
            if (t.stop().grace() != null && !Durations.isValid(t.stop().grace())) {
                throw error.apply(at + "/stop/grace", "stop of target '" + name + "': 'grace' must be a duration "
                        + "such as 10s or 500ms (the time between the stop signal and SIGKILL), not '"
                        + t.stop().grace() + "'");
            }
        }
    }

    /** Why {@code text}, which holds a NUL character, cannot be an argument or an environment value. */
    private static String noNul(String what, String text) {
        return what + " '" + text + "' holds a NUL character (\\u0000), which no command-line "
                + "argument or environment value can carry (the kernel ends each at its first NUL); remove it";
    }

    private void checkPlaceholders(String at, String name, String where, String text, Set<String> defined) {
        if (text.contains("${") && !CommandTarget.PLACEHOLDER.matcher(text).find()) {
            throw error.apply(at, "target '" + name + "', " + where + ": '" + text + "' opens '${' without closing "
                    + "it; write ${name} with a knob's name, ${port} or ${host}");
        }
        for (String p : CommandTarget.placeholders(text)) {
            if (!defined.contains(p)) {
                throw error.apply(at, "target '" + name + "', " + where + ": nothing defines ${" + p + "}; "
                        + "declare it as a knob of the target (knobs: {" + (p.isBlank() ? "name" : p) + ": [...]}) or "
                        + "use one of fluxlab's: ${port} (the free port it picks), ${host} ("
                        + CommandTarget.LOOPBACK + ")" + (defined.size() > 2 ? "; its knobs: "
                        + String.join(", ", defined.stream().skip(2).toList()) : ""));
            }
        }
    }

    private void checkReady(String at, String name, ReadySpec r) {
        if (r == null) {
            return; // port: true
        }
        int kinds = (r.http() != null ? 1 : 0) + (r.log() != null ? 1 : 0) + (r.port() != null ? 1 : 0);
        if (kinds != 1) {
            throw error.apply(at, "'ready' of target '" + name + "' needs exactly one kind: {http: /path} (a GET "
                    + "answering 2xx or 3xx), {log: 'regex'} (a line of its output) or {port: true} (its port accepts "
                    + "a connection)" + (kinds == 0 ? "" : "; it gives " + kinds));
        }
        if (r.port() != null && !r.port()) {
            throw error.apply(at + "/port", "'ready: {port: false}' of target '" + name + "' checks nothing; write "
                    + "{port: true}, or {http: /path} or {log: 'regex'}");
        }
        if (r.http() != null && !r.http().startsWith("/")) {
            throw error.apply(at + "/http", "'ready: {http: " + r.http() + "}' of target '" + name + "' is a path on "
                    + "the target's own port and must start with '/', e.g. {http: /health}");
        }
        if (r.log() != null) {
            if (r.log().isEmpty()) {
                throw error.apply(at + "/log", "'ready: {log: ''}' of target '" + name + "' matches any line; give a "
                        + "regular expression the server prints once it serves, e.g. 'Started .* in'");
            }
            try {
                Pattern.compile(r.log());
            } catch (PatternSyntaxException e) {
                throw error.apply(at + "/log", "'ready: {log: ...}' of target '" + name + "' is not a regular "
                        + "expression: " + e.getDescription() + " near index " + e.getIndex() + " of '" + r.log()
                        + "'; escape a special character with a backslash (in YAML single quotes: 'v1\\.2')");
            }
        }
    }
}
