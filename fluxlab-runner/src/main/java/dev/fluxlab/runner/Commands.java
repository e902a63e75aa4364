package dev.fluxlab.runner;

import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.Durations;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.model.suite.SuiteSpec.ExpectSpec;
import dev.fluxlab.model.suite.SuiteSpec.ScenarioSpec;
import dev.fluxlab.model.warmup.WarmupPolicy;
import dev.fluxlab.runner.observe.GcLog;
import dev.fluxlab.runner.registry.KnobDef;
import dev.fluxlab.runner.registry.LaunchDef;
import dev.fluxlab.runner.registry.Platform;
import dev.fluxlab.runner.registry.TargetRegistry;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Command lines of the child JVMs, following docs/contracts.md: targets get {@code --<knob>=<value>} flags,
 * the injector gets the cell's load profile, the scenario's request and verification flags, and
 * {@code --json FILE --progress machine}.
 */
public final class Commands {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}]+)}");

    private final TargetRegistry registry;
    private final String java;
    private final List<String> runtimeFlags;

    public Commands(TargetRegistry registry, String java) {
        this.registry = registry;
        this.java = java;
        this.runtimeFlags = runtimeFlags(java);
    }

    /**
     * Flags every child JVM gets from the JDK it runs on. On JDK 23+ Netty does not use sun.misc.Unsafe memory
     * access unless it is allowed explicitly, which makes every Netty process (targets and injector alike) slower
     * than on JDK 21; allowing it keeps results comparable across JDKs. Older JDKs do not know the flag, so it is
     * only added when the children run on this very JVM and its version is known.
     */
    static List<String> runtimeFlags(String java) {
        boolean sameJvm = java.equals(TargetRegistry.java());
        return sameJvm && Runtime.version().feature() >= 23
                ? List.of("--sun-misc-unsafe-memory-access=allow")
                : List.of();
    }

    public List<String> target(Cell.CellProcess p, Path gcLog, Map<String, String> placeholders) {
        LaunchDef def = registry.target(p.target()).orElseThrow(() ->
                new IllegalArgumentException("unknown target " + p.target()));
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(runtimeFlags);
        cmd.addAll(def.jvmOrEmpty());
        if (p.heap() != null) {
            cmd.add("-Xms" + p.heap());
            cmd.add("-Xmx" + p.heap());
        }
        if (p.gc() != null) {
            cmd.addAll(Platform.gcOptions(p.gc()));
        }
        cmd.addAll(p.flags());
        if (gcLog != null) {
            cmd.addAll(GcLog.options(gcLog, p.gc()));
        }
        cmd.add("-cp");
        cmd.add(registry.classpath(def));
        cmd.add(def.main());
        cmd.addAll(def.argsOrEmpty());
        p.knobs().forEach((k, v) -> {
            KnobDef kd = def.knobsOrEmpty().get(k);
            String flag = kd == null ? "--" + k : kd.flagFor(k);
            cmd.add(flag + "=" + fill(v, placeholders));
        });
        return cmd;
    }

    /** Whether the cell's entry process drives its own load (registry {@code self_loading}). */
    public boolean selfLoading(Cell cell) {
        return registry.target(cell.entryProcess().target()).map(LaunchDef::isSelfLoading).orElse(false);
    }

    /**
     * A warm-up in the flags every fluxlab load driver takes ({@code fluxlab load}, {@code serve httpclient-loader}):
     * {@code --warmup}, and for {@code auto} its bound and (when not zero) its minimum.
     */
    static Map<String, String> warmupFlags(WarmupPolicy w) {
        Map<String, String> flags = new LinkedHashMap<>();
        flags.put("--warmup", w.spelling());
        if (w.auto()) {
            flags.put("--warmup-max", Durations.format(w.max()));
            if (!w.min().isZero()) {
                flags.put("--warmup-min", Durations.format(w.min()));
            }
        }
        return flags;
    }

    /**
     * The injector flags that make an automatic warm-up also wait for the JIT of {@code targetPids} (fluxlab's own
     * injector only; empty for none). The injector always watches its own JVM.
     */
    public static List<String> watchArgs(List<Long> targetPids) {
        if (targetPids.isEmpty()) {
            return List.of();
        }
        return List.of("--warmup-watch-pid",
                String.join(",", targetPids.stream().map(String::valueOf).toList()));
    }

    /**
     * The flags a self-loading target gets after its knobs: the cell's load profile, the suite's phases, the
     * scenario's request and verification, and {@code --json FILE --progress=machine}, in the injector's vocabulary
     * (docs/contracts.md), each as {@code --flag=value}.
     */
    public static List<String> selfLoadArgs(Cell cell, Suite suite, Path json, Path bodyFile) {
        List<String> cmd = new ArrayList<>();
        Cell.CellLoad l = cell.load();
        cmd.add("--connections=" + l.connections());
        if (l.inFlight() != null) {
            cmd.add("--in-flight=" + l.inFlight());
        }
        if (l.timeout() != null) {
            cmd.add("--timeout=" + l.timeout());
        }
        cmd.add("--duration=" + Durations.format(suite.measure()));
        warmupFlags(suite.warmupPolicy(cell, false)).forEach((k, v) -> cmd.add(k + "=" + v));
        ScenarioSpec s = cell.scenario();
        if (s.method() != null) {
            cmd.add("--method=" + s.method());
        }
        if (s.path() != null) {
            cmd.add("--path=" + s.path());
        }
        if (bodyFile != null) {
            cmd.add("--body-file=" + bodyFile);
        } else if (s.bodySize() != null) {
            cmd.add("--body-size=" + s.bodySize());
        }
        ExpectSpec e = s.expect();
        cmd.add("--expect-status=" + (e == null || e.status() == null ? 200 : e.status()));
        if (e != null && e.body() != null) {
            cmd.add("--expect-body=" + e.body());
        }
        cmd.add("--json=" + json);
        cmd.add("--progress=machine");
        return cmd;
    }

    /** Replaces {@code ${process.attribute}} with what an earlier process announced in its readiness line. */
    static String fill(String value, Map<String, String> placeholders) {
        Matcher m = PLACEHOLDER.matcher(value);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String v = placeholders.get(m.group(1));
            if (v == null) {
                throw new IllegalArgumentException("'" + m.group(0) + "' does not name an attribute of an earlier "
                        + "process (known: " + String.join(", ", placeholders.keySet()) + ")");
            }
            m.appendReplacement(sb, Matcher.quoteReplacement(v));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    /** The protocol the injector speaks: the load profile's, else the one the entry process announced. */
    public static String loadProtocol(Cell cell, Map<String, String> entryReadiness) {
        if (cell.load().protocol() != null) {
            return cell.load().protocol();
        }
        String p = entryReadiness.getOrDefault("protocol", cell.entryProcess().knobs().getOrDefault("protocol", "http1.1"));
        return switch (p) {
            case "h2", "h2c" -> p;
            default -> "http1.1";
        };
    }

    public List<String> injector(Cell cell, Suite suite, String url, String protocol, Path json, Path bodyFile) {
        return injector(cell, suite, url, protocol, json, bodyFile, false);
    }

    /** The injector's command; {@code coldTargets}: the targets were just started, so the suite's cold minimum applies. */
    public List<String> injector(Cell cell, Suite suite, String url, String protocol, Path json, Path bodyFile,
                                 boolean coldTargets) {
        LaunchDef def = registry.injector();
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(runtimeFlags);
        cmd.addAll(def.jvmOrEmpty());
        cmd.add("-cp");
        cmd.add(registry.classpath(def));
        cmd.add(def.main());
        cmd.addAll(def.argsOrEmpty());
        cmd.add(url);
        cmd.add("--protocol");
        cmd.add(protocol);
        Cell.CellLoad l = cell.load();
        cmd.add("--connections");
        cmd.add(String.valueOf(l.connections()));
        if (l.inFlight() != null) {
            cmd.add("--in-flight");
            cmd.add(String.valueOf(l.inFlight()));
        }
        if (l.rate() != null) {
            cmd.add("--rate");
            cmd.add(String.valueOf(l.rate()));
        }
        if (l.threads() != null) {
            cmd.add("--threads");
            cmd.add(String.valueOf(l.threads()));
        }
        if (l.timeout() != null) {
            cmd.add("--timeout");
            cmd.add(l.timeout());
        }
        cmd.add("--duration");
        cmd.add(Durations.format(suite.measure()));
        warmupFlags(suite.warmupPolicy(cell, coldTargets)).forEach((k, v) -> {
            cmd.add(k);
            cmd.add(v);
        });
        ScenarioSpec s = cell.scenario();
        if (s.method() != null) {
            cmd.add("--method");
            cmd.add(s.method());
        }
        if (bodyFile != null) {
            cmd.add("--body-file");
            cmd.add(bodyFile.toString());
        } else if (s.bodySize() != null) {
            cmd.add("--body-size");
            cmd.add(String.valueOf(s.bodySize()));
        }
        if (s.headers() != null) {
            s.headers().forEach((k, v) -> {
                cmd.add("--header");
                cmd.add(k + ": " + v);
            });
        }
        ExpectSpec e = s.expect();
        cmd.add("--expect-status");
        cmd.add(String.valueOf(e == null || e.status() == null ? 200 : e.status()));
        if (e != null && e.body() != null) {
            cmd.add("--expect-body");
            cmd.add(e.body());
        }
        if (e != null && e.contentType() != null) {
            cmd.add("--expect-content-type");
            cmd.add(e.contentType());
        }
        if (url.startsWith("https:")) {
            cmd.add("--insecure");
        }
        cmd.add("--json");
        cmd.add(json.toString());
        cmd.add("--progress");
        cmd.add("machine");
        return cmd;
    }
}
