package dev.fluxlab.model.suite;

import dev.fluxlab.model.Durations;
import dev.fluxlab.model.suite.SuiteSpec.TargetSpec;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A system under test the suite brings itself: a command line (a list, never a shell: each word is one argument as
 * written, after {@code ${name}} substitution) that starts the user's server, how the runner knows it is ready and how
 * it stops it. {@code ${port}} is a free loopback port the runner picks for each start, {@code ${host}} the address
 * the server must bind (127.0.0.1; with {@code host:} a free port and the address of that suite host, where the
 * command runs and must already exist), and every other {@code ${knob}} one of the target's declared {@code knobs} values
 * (a list of values sweeps like a registry target's knob). Read from a {@link TargetSpec} whose checks passed
 * ({@link CommandChecks}).
 *
 * @param name    the suite's name of the target
 * @param command the command line as written, placeholders unfilled
 * @param ready   when it is ready
 * @param cwd     its working folder as written (null: the suite file's folder); relative to the suite file's folder
 * @param env     added to its environment, placeholders unfilled
 * @param signal  the signal that asks it to stop ({@link #SIGNALS})
 * @param grace   how long it gets after {@code signal} before SIGKILL
 * @param knobs   its knobs' names as written, each substituted as {@code ${name}}
 */
public record CommandTarget(String name, List<String> command, Ready ready, String cwd, Map<String, String> env,
                            String signal, Duration grace, List<String> knobs) {

    /** The placeholder of the port the runner picks. */
    public static final String PORT = "port";
    /** The placeholder of the address the server binds and is reached at. */
    public static final String HOST = "host";
    /** The address every command target binds and is loaded at: loopback. */
    public static final String LOOPBACK = "127.0.0.1";
    /** Signals {@code stop: {signal: ...}} accepts, by their names without {@code SIG}. */
    public static final List<String> SIGNALS = List.of("TERM", "INT", "HUP", "QUIT", "USR1", "USR2", "KILL");
    public static final String DEFAULT_SIGNAL = "TERM";
    public static final Duration DEFAULT_GRACE = Duration.ofSeconds(10);
    /** {@code ${name}}: the name is letters, digits, {@code _}, {@code -} or {@code .}. */
    static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}]*)}");

    public CommandTarget {
        command = List.copyOf(command);
        env = env == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(env));
        knobs = knobs == null ? List.of() : List.copyOf(knobs);
    }

    /** The kinds of readiness: an HTTP path answering 2xx/3xx, a log line matching a regex, the port accepting. */
    public enum ReadyKind { HTTP, LOG, PORT }

    /** A readiness check: its kind and its value (the path, the regular expression; null for a port). */
    public record Ready(ReadyKind kind, String value) {
        /** For messages and results: {@code http /health}, {@code log 'Started'}, {@code port}. */
        public String describe() {
            return switch (kind) {
                case HTTP -> "http " + value;
                case LOG -> "log '" + value + "'";
                case PORT -> "port";
            };
        }
    }

    /** The command target the suite declares under {@code name}; {@code spec} passed {@link CommandChecks}. */
    public static CommandTarget of(String name, TargetSpec spec) {
        SuiteSpec.ReadySpec r = spec.ready();
        Ready ready = r == null || Boolean.TRUE.equals(r.port()) && r.http() == null && r.log() == null
                ? new Ready(ReadyKind.PORT, null)
                : r.http() != null ? new Ready(ReadyKind.HTTP, r.http()) : new Ready(ReadyKind.LOG, r.log());
        String signal = spec.stop() == null || spec.stop().signal() == null ? DEFAULT_SIGNAL
                : signalName(spec.stop().signal());
        Duration grace = spec.stop() == null || spec.stop().grace() == null ? DEFAULT_GRACE
                : Durations.parse(spec.stop().grace());
        return new CommandTarget(name, spec.command(), ready, spec.cwd(), spec.env(), signal, grace,
                spec.knobs() == null ? List.of() : new ArrayList<>(spec.knobs().keySet()));
    }

    /** The command targets of a suite, by name, in the suite's order. */
    public static Map<String, CommandTarget> of(SuiteSpec spec) {
        Map<String, CommandTarget> out = new LinkedHashMap<>();
        if (spec.targets() != null) {
            spec.targets().forEach((n, t) -> {
                if (t != null && t.isCommand()) {
                    out.put(n, of(n, t));
                }
            });
        }
        return out;
    }

    /** {@code TERM} for {@code TERM}, {@code SIGTERM} or {@code term}; as given (upper-cased) otherwise. */
    static String signalName(String s) {
        String u = s.trim().toUpperCase(java.util.Locale.ROOT);
        return u.startsWith("SIG") ? u.substring(3) : u;
    }

    /** The {@code ${name}}s in {@code text}, in order. */
    public static Set<String> placeholders(String text) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = PLACEHOLDER.matcher(text);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    /** Whether the command line or the environment takes {@code ${port}}. */
    public boolean takesPort() {
        return words().stream().anyMatch(w -> placeholders(w).contains(PORT));
    }

    private List<String> words() {
        List<String> all = new ArrayList<>(command);
        all.addAll(env.values());
        return all;
    }

    /**
     * {@code text} with every {@code ${name}} replaced by its value in {@code values} (knob values by their names as
     * written or with {@code -}, {@code port}, {@code host}); the checks refused a name without a value.
     */
    public static String fill(String text, Map<String, String> values) {
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String v = values.get(m.group(1));
            if (v == null) {
                v = values.get(Suite.knobName(m.group(1)));
            }
            if (v == null) {
                throw new IllegalArgumentException("no value for ${" + m.group(1) + "}");
            }
            m.appendReplacement(sb, Matcher.quoteReplacement(v));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    /** The command line with {@code values} filled in ({@link #fill}). */
    public List<String> commandLine(Map<String, String> values) {
        return command.stream().map(w -> fill(w, values)).toList();
    }

    /** The environment added to the process, {@code values} filled in. */
    public Map<String, String> environment(Map<String, String> values) {
        Map<String, String> out = new LinkedHashMap<>();
        env.forEach((k, v) -> out.put(k, fill(v, values)));
        return out;
    }
}
