package dev.fluxlab.model.suite;

import dev.fluxlab.model.Durations;
import dev.fluxlab.model.warmup.WarmupPolicy;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.fluxlab.model.run.TableSpec;
import dev.fluxlab.model.suite.SuiteSpec.JvmSpec;
import dev.fluxlab.model.suite.SuiteSpec.LoadSpec;
import dev.fluxlab.model.suite.SuiteSpec.ProcessSpec;
import dev.fluxlab.model.suite.SuiteSpec.ScenarioSpec;
import dev.fluxlab.model.suite.SuiteSpec.TargetSpec;

import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A parsed and structurally checked suite: its YAML as written ({@link #spec()}), where each key sits
 * ({@link #locations()}), run-wide settings with their defaults, and its expansion into {@link Cell}s.
 *
 * <p>Everything wrong with the file is reported as one {@link SuiteException} naming the file, line and column,
 * before anything is started. Checks that need the target registry or the machine (knob names and values,
 * transports, garbage collectors) live with the registry and use {@link #error(String, String)} for positions.
 */
public final class Suite {

    /** Figures a table can show; the names are {@code CellSummary} figures. */
    public static final List<String> FIGURES = List.of("throughput_rps", "latency_p50_ms", "latency_p90_ms",
            "latency_p99_ms", "latency_p999_ms", "latency_max_ms", "error_rate", "errors", "cpu_per_request_us",
            "cpu_cores", "rss_max_mb", "warmup_s");
    public static final List<String> METHODS = List.of("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS");
    public static final List<String> LOAD_PROTOCOLS = List.of("http1.1", "h2c", "h2");
    /** Load tools a profile may name: fluxlab's own injector and the external peers it is checked against. */
    public static final List<String> INJECTORS = List.of("fluxlab", "wrk", "h2load", "ab");

    public static final String DEFAULT_WARMUP = WarmupPolicy.AUTO;
    public static final Duration DEFAULT_WARMUP_MAX = WarmupPolicy.DEFAULT_MAX;
    public static final Duration DEFAULT_MEASURE = Duration.ofSeconds(10);
    public static final Duration DEFAULT_STARTUP_TIMEOUT = Duration.ofSeconds(30);
    /** 0.1 %: one failed request in a thousand already makes throughput figures suspect. */
    public static final double DEFAULT_MAX_ERROR_RATE = 0.001;
    public static final double DEFAULT_INJECTOR_SATURATION = 0.9;
    public static final int DEFAULT_CONNECTIONS = 16;

    private static final YAMLMapper YAML = YAMLMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private final String file;
    private final String text;
    private final SuiteSpec spec;
    private final Locations locations;
    private final List<Cell> cells;

    private Suite(String file, String text, SuiteSpec spec, Locations locations) {
        this.file = file;
        this.text = text;
        this.spec = spec;
        this.locations = locations;
        check();
        this.cells = expand();
        checkReferences();
    }

    /** Reads and checks a suite file. */
    public static Suite load(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new SuiteException(file.toString(), 0, 0, "cannot read the suite file (" + e + "); "
                    + "give the path of a YAML suite, e.g. suites/quick.yaml");
        }
        return parse(file.toString(), text);
    }

    /** Parses and checks suite text; {@code file} is only used in messages. */
    public static Suite parse(String file, String text) {
        if (text.isBlank()) {
            throw new SuiteException(file, 1, 1, "the suite is empty; it needs at least 'targets' and 'scenarios'");
        }
        SuiteSpec spec;
        try {
            spec = YAML.readValue(text, SuiteSpec.class);
        } catch (JacksonException e) {
            throw translate(file, text, e);
        }
        if (spec == null) {
            throw new SuiteException(file, 1, 1, "the suite is empty; it needs at least 'targets' and 'scenarios'");
        }
        return new Suite(file, text, spec, Locations.index(YAML.getFactory(), text));
    }

    private static SuiteException translate(String file, String text, JacksonException e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof MarkedYAMLException y) {
                Mark m = y.getProblemMark() != null ? y.getProblemMark() : y.getContextMark();
                String problem = (y.getContext() == null ? "" : y.getContext() + ": ")
                        + (y.getProblem() == null ? "" : y.getProblem());
                return new SuiteException(file, m == null ? 0 : m.getLine() + 1, m == null ? 0 : m.getColumn() + 1,
                        "YAML syntax error: " + problem.strip());
            }
        }
        if (!(e instanceof JsonMappingException me)) {
            return located(file, e.getLocation(), "YAML syntax error: " + firstLine(e.getOriginalMessage()));
        }
        // prefer the position of the offending key/value as indexed from the text over the parser's position
        StringBuilder pointer = new StringBuilder();
        for (JsonMappingException.Reference r : me.getPath()) {
            pointer.append('/').append(r.getFieldName() != null ? r.getFieldName() : String.valueOf(r.getIndex()));
        }
        SourceLocation exact = Locations.index(YAML.getFactory(), text).exact(pointer.toString());
        String problem;
        if (e instanceof UnrecognizedPropertyException u) {
            Set<String> known = new TreeSet<>();
            if (u.getKnownPropertyIds() != null) {
                u.getKnownPropertyIds().forEach(k -> known.add(String.valueOf(k)));
            }
            problem = "unknown key '" + u.getPropertyName() + "'" + where(u.getPath(), 1)
                    + "; accepted keys: " + String.join(", ", known);
        } else if (e instanceof InvalidFormatException f) {
            problem = "'" + f.getValue() + "' is not " + describe(f.getTargetType()) + where(f.getPath(), 0);
        } else if (e instanceof MismatchedInputException m) {
            problem = "wrong type" + where(m.getPath(), 0) + ": expected " + describe(m.getTargetType());
        } else {
            problem = firstLine(me.getOriginalMessage()) + where(me.getPath(), 0);
        }
        return exact != null ? new SuiteException(file, exact, problem) : located(file, e.getLocation(), problem);
    }

    private static SuiteException located(String file, JsonLocation loc, String problem) {
        return new SuiteException(file, loc == null ? 0 : loc.getLineNr(), loc == null ? 0 : loc.getColumnNr(), problem);
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unreadable";
        }
        String t = s.strip();
        int nl = t.indexOf('\n');
        return nl < 0 ? t : t.substring(0, nl).strip();
    }

    private static String where(List<JsonMappingException.Reference> path, int dropLast) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < path.size() - dropLast; i++) {
            JsonMappingException.Reference r = path.get(i);
            if (r.getFieldName() != null) {
                sb.append(sb.isEmpty() ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.isEmpty() ? "" : " in '" + sb + "'";
    }

    private static String describe(Class<?> type) {
        if (type == null) {
            return "another type";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "a whole number";
        }
        if (type == Double.class || type == double.class) {
            return "a number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a single text value";
        }
        if (Collection.class.isAssignableFrom(type)) {
            return "a value or a list of values";
        }
        return "a mapping of keys to values";
    }

    // ---------------------------------------------------------------- accessors

    public String file() {
        return file;
    }

    /** The file's text as read (copied into the results folder). */
    public String text() {
        return text;
    }

    public SuiteSpec spec() {
        return spec;
    }

    public Locations locations() {
        return locations;
    }

    /** An error at the key or value {@code pointer} (e.g. {@code /targets/x/knobs/transport/1}). */
    public SuiteException error(String pointer, String problem) {
        return new SuiteException(file, locations.at(pointer), problem);
    }

    public String name() {
        if (spec.name() != null && !spec.name().isBlank()) {
            return spec.name();
        }
        String base = Path.of(file).getFileName().toString();
        int dot = base.lastIndexOf('.');
        return dot > 0 ? base.substring(0, dot) : base;
    }

    public String description() {
        return spec.description() == null ? "" : spec.description().strip();
    }

    public boolean autoWarmup() {
        return spec.warmup() == null || spec.warmup().equals(WarmupPolicy.AUTO);
    }

    /**
     * The warm-up of {@code cell}: for {@code auto}, at least its {@link #coldWarmupMin(Cell)} when its target JVMs
     * were just started ({@code coldTargets}).
     */
    public WarmupPolicy warmupPolicy(Cell cell, boolean coldTargets) {
        return autoWarmup() ? WarmupPolicy.auto(coldTargets ? coldWarmupMin(cell) : Duration.ZERO, warmupMax())
                : WarmupPolicy.fixed(warmup());
    }

    /** Fixed warm-up length; for {@code auto} the bound. */
    public Duration warmup() {
        return autoWarmup() ? warmupMax() : Durations.parse(spec.warmup());
    }

    public Duration warmupMax() {
        return spec.warmupMax() == null ? DEFAULT_WARMUP_MAX : Durations.parse(spec.warmupMax());
    }

    /**
     * Least automatic warm-up of a cell whose target JVMs were just started (every cell with {@code fork: per-cell},
     * the first of each group with {@code fork: shared}); zero when not set.
     */
    public Duration coldWarmupMin() {
        return spec.coldWarmupMin() == null ? Duration.ZERO : Durations.parse(spec.coldWarmupMin());
    }

    /** {@link #coldWarmupMin()} for {@code cell}: its target's own {@code cold_warmup_min} when it sets one. */
    public Duration coldWarmupMin(Cell cell) {
        SuiteSpec.TargetSpec t = spec.targets() == null ? null : spec.targets().get(cell.target());
        return t != null && t.coldWarmupMin() != null ? Durations.parse(t.coldWarmupMin()) : coldWarmupMin();
    }

    public Duration measure() {
        return spec.measure() == null ? DEFAULT_MEASURE : Durations.parse(spec.measure());
    }

    public int repeats() {
        return spec.repeats() == null ? 1 : spec.repeats();
    }

    public Duration startupTimeout() {
        return spec.startupTimeout() == null ? DEFAULT_STARTUP_TIMEOUT : Durations.parse(spec.startupTimeout());
    }

    /** Fork modes: fresh target JVMs per cell, or target JVMs shared by consecutive cells with identical targets. */
    public static final List<String> FORK_MODES = List.of("per-cell", "shared");

    /**
     * True when consecutive cells with identical target processes (same targets, knobs and JVM options) share
     * their target JVMs, so the targets' JIT warm-up is paid once per group instead of once per cell.
     */
    public boolean sharedTargets() {
        return "shared".equals(spec.fork());
    }

    /** Repeat orders: all repeats of a cell together, or interleaved across cells with identical targets (A B B A). */
    public static final List<String> REPEAT_ORDERS = List.of("sequential", "interleaved");

    /**
     * True when repeats are interleaved: within each run of consecutive cells with identical targets, repeat 1 of
     * every cell in cell order, then repeat 2 in reverse order, and so on. Cells compared side by side (an injector
     * and its peer on one warm target) then share the target's and the machine's drift instead of one getting the
     * colder half.
     */
    public boolean interleavedRepeats() {
        return "interleaved".equals(spec.repeatOrder());
    }

    public double maxErrorRate() {
        return spec.thresholds() == null || spec.thresholds().maxErrorRate() == null
                ? DEFAULT_MAX_ERROR_RATE : spec.thresholds().maxErrorRate();
    }

    public boolean requireStableWarmup() {
        return spec.thresholds() == null || spec.thresholds().requireStableWarmup() == null
                || spec.thresholds().requireStableWarmup();
    }

    public double injectorSaturation() {
        return spec.thresholds() == null || spec.thresholds().injectorSaturation() == null
                ? DEFAULT_INJECTOR_SATURATION : spec.thresholds().injectorSaturation();
    }

    /** Log findings a repeat may have before it is invalid; null = findings (other than fatal ones) only warn. */
    public Integer maxLogFindings() {
        return spec.thresholds() == null ? null : spec.thresholds().maxLogFindings();
    }

    public List<TableSpec> tables() {
        return spec.tables() == null ? List.of() : spec.tables();
    }

    /** Run-wide settings as stored in results.json. */
    public Map<String, Object> settings() {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("warmup", autoWarmup() ? "auto" : Durations.format(warmup()));
        s.put("warmup_max", Durations.format(warmupMax()));
        if (!coldWarmupMin().isZero()) {
            s.put("cold_warmup_min", Durations.format(coldWarmupMin()));
        }
        s.put("measure", Durations.format(measure()));
        s.put("repeats", repeats());
        s.put("startup_timeout", Durations.format(startupTimeout()));
        s.put("fork", sharedTargets() ? "shared" : "per-cell");
        s.put("repeat_order", interleavedRepeats() ? "interleaved" : "sequential");
        s.put("max_error_rate", maxErrorRate());
        s.put("require_stable_warmup", requireStableWarmup());
        s.put("injector_saturation", injectorSaturation());
        if (maxLogFindings() != null) {
            s.put("max_log_findings", maxLogFindings());
        }
        return s;
    }

    /** The matrix, expanded in a stable order, with excluded cells removed. */
    public List<Cell> cells() {
        return cells;
    }

    /** Every knob name a cell of this suite has (for exclude rules and tables). */
    public Set<String> knobNames() {
        Set<String> names = new LinkedHashSet<>();
        cells.forEach(c -> names.addAll(c.knobs().keySet()));
        return names;
    }

    // ---------------------------------------------------------------- structural checks

    private void check() {
        if (spec.targets() == null || spec.targets().isEmpty()) {
            throw error("", "the suite has no 'targets'; add e.g. 'targets: {reactor-netty: {knobs: {protocol: h2c}}}'");
        }
        if (spec.scenarios() == null || spec.scenarios().isEmpty()) {
            throw error("", "the suite has no 'scenarios'; add e.g. 'scenarios: {plaintext: {path: /plaintext}}'");
        }
        spec.targets().forEach(this::checkTarget);
        spec.scenarios().forEach(this::checkScenario);
        if (spec.load() != null) {
            for (int i = 0; i < spec.load().size(); i++) {
                checkLoad(i, spec.load().get(i));
            }
        }
        if (spec.warmup() != null && !spec.warmup().equals("auto") && !Durations.isValid(spec.warmup())) {
            throw error("/warmup", "'warmup' must be 'auto' or a duration such as 5s, not '" + spec.warmup() + "'");
        }
        checkDuration("/warmup_max", "warmup_max", spec.warmupMax());
        checkColdWarmupMin("/cold_warmup_min", spec.coldWarmupMin());
        if (spec.targets() != null) {
            spec.targets().forEach((name, t) -> {
                if (t != null) {
                    checkColdWarmupMin(Locations.pointer("targets", name, "cold_warmup_min"), t.coldWarmupMin());
                }
            });
        }
        checkDuration("/measure", "measure", spec.measure());
        checkDuration("/startup_timeout", "startup_timeout", spec.startupTimeout());
        if (spec.fork() != null && !FORK_MODES.contains(spec.fork())) {
            throw error("/fork", "'fork' must be one of " + String.join(", ", FORK_MODES) + ", not '" + spec.fork() + "'");
        }
        if (spec.repeatOrder() != null && !REPEAT_ORDERS.contains(spec.repeatOrder())) {
            throw error("/repeat_order", "'repeat_order' must be one of " + String.join(", ", REPEAT_ORDERS)
                    + ", not '" + spec.repeatOrder() + "'");
        }
        if (spec.measure() != null && Durations.parse(spec.measure()).isZero()) {
            throw error("/measure", "'measure' must be longer than 0s");
        }
        if (spec.repeats() != null && spec.repeats() < 1) {
            throw error("/repeats", "'repeats' must be 1 or more, not " + spec.repeats());
        }
        if (spec.thresholds() != null) {
            Double r = spec.thresholds().maxErrorRate();
            if (r != null && (r < 0 || r > 1)) {
                throw error("/thresholds/max_error_rate", "'max_error_rate' is a fraction between 0 and 1 (0.001 = 0.1 %), not " + r);
            }
            Integer f = spec.thresholds().maxLogFindings();
            if (f != null && f < 0) {
                throw error("/thresholds/max_log_findings", "'max_log_findings' is 0 or more, not " + f);
            }
            Double s = spec.thresholds().injectorSaturation();
            if (s != null && (s <= 0 || s > 1)) {
                throw error("/thresholds/injector_saturation", "'injector_saturation' is a fraction in (0, 1], not " + s);
            }
        }
    }

    private void checkColdWarmupMin(String pointer, String value) {
        checkDuration(pointer, "cold_warmup_min", value);
        if (value == null) {
            return;
        }
        if (!autoWarmup()) {
            throw error(pointer, "'cold_warmup_min' needs 'warmup: auto' (a fixed warm-up is already a minimum)");
        }
        if (Durations.parse(value).compareTo(warmupMax()) > 0) {
            throw error(pointer, "'cold_warmup_min' (" + value + ") must not exceed 'warmup_max' ("
                    + Durations.format(warmupMax()) + ")");
        }
    }

    private void checkDuration(String pointer, String key, String value) {
        if (value != null && !Durations.isValid(value)) {
            throw error(pointer, "'" + key + "' must be a duration such as 500ms, 10s or 2m, not '" + value + "'");
        }
    }

    private void checkTarget(String name, TargetSpec t) {
        String at = Locations.pointer("targets", name);
        if (t == null) {
            throw error(at, "target '" + name + "' is empty; write '" + name + ": {}' to use its defaults");
        }
        if (t.processes() != null) {
            if (t.knobs() != null || t.jvm() != null || t.target() != null) {
                throw error(at, "target '" + name + "' has 'processes'; put 'target', 'knobs' and 'jvm' inside each process");
            }
            if (t.processes().isEmpty()) {
                throw error(at + "/processes", "'processes' of target '" + name + "' is empty");
            }
            if (t.entry() == null) {
                throw error(at + "/processes", "target '" + name + "' has several processes; name the one that receives "
                        + "the load with 'entry' (one of " + String.join(", ", t.processes().keySet()) + ")");
            }
            if (!t.processes().containsKey(t.entry())) {
                throw error(at + "/entry", "'entry: " + t.entry() + "' is not a process of target '" + name
                        + "'; accepted: " + String.join(", ", t.processes().keySet()));
            }
            t.processes().forEach((p, ps) -> {
                if (ps == null) {
                    throw error(at + "/processes/" + p, "process '" + p + "' is empty; give at least its 'target'");
                }
                checkJvm(at + "/processes/" + p + "/jvm", ps.jvm());
                checkKnobValuesPresent(at + "/processes/" + p + "/knobs", ps.knobs());
            });
        } else {
            if (t.entry() != null) {
                throw error(at + "/entry", "'entry' only applies to targets with several 'processes'");
            }
            checkJvm(at + "/jvm", t.jvm());
            checkKnobValuesPresent(at + "/knobs", t.knobs());
        }
    }

    private void checkKnobValuesPresent(String at, Map<String, List<String>> knobs) {
        if (knobs == null) {
            return;
        }
        knobs.forEach((k, v) -> {
            if (v == null || v.isEmpty() || v.stream().anyMatch(x -> x == null || x.isBlank())) {
                throw error(at + "/" + k, "knob '" + k + "' has no value; give one value or a list of values");
            }
        });
    }

    private void checkJvm(String at, JvmSpec jvm) {
        if (jvm == null) {
            return;
        }
        if (jvm.heap() != null) {
            for (int i = 0; i < jvm.heap().size(); i++) {
                String h = jvm.heap().get(i);
                if (h == null || !h.matches("\\d+[kKmMgG]?")) {
                    throw error(at + "/heap/" + i, "heap size '" + h + "' is not valid; write e.g. 512m or 2g (it becomes -Xms/-Xmx)");
                }
            }
        }
        if (jvm.flags() != null) {
            for (int i = 0; i < jvm.flags().size(); i++) {
                String f = jvm.flags().get(i);
                if (f == null || !f.startsWith("-")) {
                    throw error(at + "/flags/" + i, "JVM flag '" + f + "' must start with '-', e.g. -XX:+AlwaysPreTouch");
                }
            }
        }
    }

    private void checkScenario(String name, ScenarioSpec s) {
        String at = Locations.pointer("scenarios", name);
        if (s == null || s.path() == null) {
            throw error(at, "scenario '" + name + "' needs a 'path', e.g. 'path: /plaintext'");
        }
        if (!s.path().startsWith("/")) {
            throw error(at + "/path", "path '" + s.path() + "' must start with '/'");
        }
        if (s.method() != null && !METHODS.contains(s.method())) {
            throw error(at + "/method", "method '" + s.method() + "' is not accepted; accepted: " + String.join(", ", METHODS));
        }
        if (s.body() != null && s.bodySize() != null) {
            throw error(at + "/body_size", "scenario '" + name + "' has both 'body' and 'body_size'; keep one");
        }
        if (s.bodySize() != null && s.bodySize() < 0) {
            throw error(at + "/body_size", "'body_size' must be 0 or more bytes");
        }
        if (s.theory() != null) {
            try {
                dev.fluxlab.model.theory.Placement.of(s.theory());
            } catch (IllegalArgumentException e) {
                throw error(at + "/theory", "theory '" + s.theory() + "' is not a placement; accepted: "
                        + dev.fluxlab.model.theory.Placement.accepted());
            }
        }
        if (s.expect() != null && s.expect().status() != null
                && (s.expect().status() < 100 || s.expect().status() > 599)) {
            throw error(at + "/expect/status", "expected status " + s.expect().status() + " is not an HTTP status (100-599)");
        }
    }

    private void checkLoad(int i, LoadSpec l) {
        String at = "/load/" + i;
        if (l == null) {
            throw error(at, "load profile " + (i + 1) + " is empty; give e.g. 'connections: 16'");
        }
        checkPositive(at + "/connections", "connections", l.connections());
        checkPositive(at + "/in_flight", "in_flight", l.inFlight());
        checkPositive(at + "/rate", "rate", l.rate());
        if (l.protocol() != null && !LOAD_PROTOCOLS.contains(l.protocol())) {
            throw error(at + "/protocol", "load protocol '" + l.protocol() + "' is not accepted; accepted: "
                    + String.join(", ", LOAD_PROTOCOLS));
        }
        if (l.threads() != null && l.threads() < 1) {
            throw error(at + "/threads", "'threads' must be 1 or more");
        }
        checkDuration(at + "/timeout", "timeout", l.timeout());
        if (l.injector() != null) {
            for (int j = 0; j < l.injector().size(); j++) {
                String inj = l.injector().get(j);
                if (inj == null || !INJECTORS.contains(inj)) {
                    throw error(at + "/injector/" + j, "injector '" + inj + "' is not known; accepted: "
                            + String.join(", ", INJECTORS));
                }
                if (!inj.equals("fluxlab") && l.rate() != null) {
                    throw error(at + "/injector/" + j, "injector '" + inj + "' runs a closed load only; drop 'rate' "
                            + "or keep 'injector: fluxlab' for the open model");
                }
            }
        }
    }

    private void checkPositive(String at, String key, List<Integer> values) {
        if (values == null) {
            return;
        }
        for (int j = 0; j < values.size(); j++) {
            Integer v = values.get(j);
            if (v == null || v < 1) {
                throw error(at + "/" + j, "'" + key + "' values must be whole numbers of 1 or more, not " + v);
            }
        }
    }

    private void checkReferences() {
        Set<String> knobs = new LinkedHashSet<>(dimensionNames());
        if (spec.exclude() != null) {
            for (int i = 0; i < spec.exclude().size(); i++) {
                Map<String, List<String>> rule = spec.exclude().get(i);
                if (rule == null || rule.isEmpty()) {
                    throw error("/exclude/" + i, "exclude rule " + (i + 1) + " is empty; give knob: value pairs");
                }
                for (String k : rule.keySet()) {
                    if (!knobs.contains(k)) {
                        throw error("/exclude/" + i + "/" + k, "exclude rule uses unknown knob '" + k
                                + "'; knobs of this suite: " + String.join(", ", knobs));
                    }
                }
            }
        }
        List<TableSpec> tables = tables();
        for (int i = 0; i < tables.size(); i++) {
            TableSpec t = tables.get(i);
            String at = "/tables/" + i;
            if (t == null) {
                throw error(at, "table " + (i + 1) + " is empty; give 'rows', 'columns' and 'value'");
            }
            for (String part : List.of("rows", "columns")) {
                List<String> names = part.equals("rows") ? t.rows() : t.columns();
                if (names == null) {
                    continue;
                }
                for (int j = 0; j < names.size(); j++) {
                    if (!knobs.contains(names.get(j))) {
                        throw error(at + "/" + part + "/" + j, "table " + part + " use unknown knob '" + names.get(j)
                                + "'; knobs of this suite: " + String.join(", ", knobs));
                    }
                }
            }
            if (t.value() != null && !isFigure(t.value())) {
                throw error(at + "/value", "table value '" + t.value() + "' is not a figure; accepted: "
                        + String.join(", ", FIGURES) + " (also latency_mean_ms, latency_p75_ms, latency_p9999_ms, and "
                        + "cpu_cores.<process> etc. for a named process, log_findings, and ratios such as "
                        + "throughput_rps/target=netty)");
            }
        }
    }

    /** A figure name tables accept: {@link #FIGURES}, any latency percentile, per-process figures of a named process. */
    public static boolean isFigure(String v) {
        int slash = v.lastIndexOf('/');
        if (slash > 0 && v.substring(slash + 1).matches("[\\w.-]+=[^/=]+")) {
            v = v.substring(0, slash); // a ratio to the cell with knob=value: <figure>/<knob>=<value>
        }
        return FIGURES.contains(v) || v.equals("log_findings") || v.matches("latency_(mean|max|p\\d+)_ms")
                || v.matches("(cpu_cores|cpu_per_request_us|rss_max_mb)\\.[\\w.-]+");
    }

    // ---------------------------------------------------------------- expansion

    private record Dim(String name, String process, String knob, List<String> values) {
    }

    private record Proc(String name, String registryTarget, String prefix, JvmSpec jvm) {
    }

    private List<String> dimensionNames() {
        Set<String> names = new LinkedHashSet<>();
        names.add("target");
        spec.targets().forEach((t, ts) -> {
            for (Dim d : targetDims(t, ts)) {
                names.add(d.name());
            }
        });
        names.add("scenario");
        for (LoadSpec l : loads()) {
            for (Dim d : loadDims(l)) {
                names.add(d.name());
            }
        }
        return new ArrayList<>(names);
    }

    private List<LoadSpec> loads() {
        return spec.load() == null || spec.load().isEmpty()
                ? List.of(new LoadSpec(null, null, null, null, null, null)) : spec.load();
    }

    /** Knob names are written as the target's CLI flags ({@code select-count}); {@code select_count} is accepted too. */
    public static String knobName(String raw) {
        return raw.replace('_', '-');
    }

    private static List<Proc> processes(String t, TargetSpec ts) {
        List<Proc> out = new ArrayList<>();
        if (ts.processes() == null) {
            out.add(new Proc(t, ts.target() == null ? t : ts.target(), "", ts.jvm()));
        } else {
            ts.processes().forEach((p, ps) -> out.add(new Proc(p, ps.target() == null ? p : ps.target(),
                    p.equals(ts.entry()) ? "" : p + ".", ps.jvm())));
        }
        return out;
    }

    private static Map<String, List<String>> knobsOf(TargetSpec ts, String process) {
        Map<String, List<String>> k = ts.processes() == null ? ts.knobs() : ts.processes().get(process).knobs();
        return k == null ? Map.of() : k;
    }

    private static List<Dim> targetDims(String t, TargetSpec ts) {
        List<Dim> dims = new ArrayList<>();
        for (Proc p : processes(t, ts)) {
            knobsOf(ts, p.name()).forEach((k, v) ->
                    dims.add(new Dim(p.prefix() + knobName(k), p.name(), knobName(k), v)));
            if (p.jvm() != null && p.jvm().heap() != null) {
                dims.add(new Dim(p.prefix() + "heap", p.name(), "heap", p.jvm().heap()));
            }
            if (p.jvm() != null && p.jvm().gc() != null) {
                dims.add(new Dim(p.prefix() + "gc", p.name(), "gc", p.jvm().gc()));
            }
        }
        return dims;
    }

    private static List<Dim> loadDims(LoadSpec l) {
        List<Dim> dims = new ArrayList<>();
        dims.add(new Dim("connections", null, null, strings(l.connections() == null
                ? List.of(DEFAULT_CONNECTIONS) : l.connections())));
        if (l.inFlight() != null) {
            dims.add(new Dim("in_flight", null, null, strings(l.inFlight())));
        }
        if (l.rate() != null) {
            dims.add(new Dim("rate", null, null, strings(l.rate())));
        }
        if (l.injector() != null) {
            dims.add(new Dim("injector", null, null, l.injector()));
        }
        return dims;
    }

    private static List<String> strings(List<Integer> values) {
        return values.stream().map(String::valueOf).toList();
    }

    private List<Cell> expand() {
        List<Cell> out = new ArrayList<>();
        int index = 0;
        for (var te : spec.targets().entrySet()) {
            String t = te.getKey();
            TargetSpec ts = te.getValue();
            List<Proc> procs = processes(t, ts);
            List<Dim> dims = targetDims(t, ts);
            for (List<String> combo : product(dims)) {
                for (var se : spec.scenarios().entrySet()) {
                    for (LoadSpec l : loads()) {
                        List<Dim> ld = loadDims(l);
                        for (List<String> lc : product(ld)) {
                            Map<String, String> knobs = new LinkedHashMap<>();
                            knobs.put("target", t);
                            for (int i = 0; i < dims.size(); i++) {
                                knobs.put(dims.get(i).name(), combo.get(i));
                            }
                            knobs.put("scenario", se.getKey());
                            for (int i = 0; i < ld.size(); i++) {
                                knobs.put(ld.get(i).name(), lc.get(i));
                            }
                            if (excluded(knobs)) {
                                continue;
                            }
                            List<Cell.CellProcess> cps = new ArrayList<>();
                            for (Proc p : procs) {
                                Map<String, String> pk = new LinkedHashMap<>();
                                String heap = null;
                                String gc = null;
                                for (int i = 0; i < dims.size(); i++) {
                                    Dim d = dims.get(i);
                                    if (!d.process().equals(p.name())) {
                                        continue;
                                    }
                                    switch (d.knob()) {
                                        case "heap" -> heap = combo.get(i);
                                        case "gc" -> gc = combo.get(i);
                                        default -> pk.put(d.knob(), combo.get(i));
                                    }
                                }
                                List<String> flags = p.jvm() == null || p.jvm().flags() == null ? List.of() : p.jvm().flags();
                                cps.add(new Cell.CellProcess(p.name(), p.registryTarget(), pk, heap, gc, flags));
                            }
                            String entry = ts.processes() == null ? t : ts.entry();
                            Cell.CellLoad load = new Cell.CellLoad(
                                    Integer.parseInt(knobs.get("connections")),
                                    knobs.containsKey("in_flight") ? Integer.valueOf(knobs.get("in_flight")) : null,
                                    knobs.containsKey("rate") ? Integer.valueOf(knobs.get("rate")) : null,
                                    l.protocol(), l.threads(), l.timeout(), knobs.get("injector"));
                            out.add(new Cell(++index, id(knobs), knobs, t, List.copyOf(cps), entry, se.getKey(),
                                    se.getValue(), load, null));
                        }
                    }
                }
            }
        }
        if (out.isEmpty()) {
            throw error("/exclude", "the exclude rules leave no cell to run");
        }
        // labels show the target and what varies; a knob with one value across the suite is noise there
        Set<String> names = new LinkedHashSet<>();
        out.forEach(c -> names.addAll(c.knobs().keySet()));
        List<String> shown = new ArrayList<>();
        for (String n : names) {
            if (n.equals("target") || out.stream().map(c -> c.knobs().get(n)).distinct().count() > 1) {
                shown.add(n);
            }
        }
        List<String> labelKnobs = shown.size() > 1 ? List.copyOf(shown) : null; // nothing varies: show every knob
        return out.stream().map(c -> new Cell(c.index(), c.id(), c.knobs(), c.target(), c.processes(), c.entry(),
                c.scenarioName(), c.scenario(), c.load(), labelKnobs)).toList();
    }

    /** The stable id of a knob map: {@code key=value} pairs joined by commas in knob order. */
    public static String id(Map<String, String> knobs) {
        StringBuilder sb = new StringBuilder();
        knobs.forEach((k, v) -> sb.append(sb.isEmpty() ? "" : ",").append(k).append('=').append(v));
        return sb.toString();
    }

    private boolean excluded(Map<String, String> knobs) {
        if (spec.exclude() == null) {
            return false;
        }
        for (Map<String, List<String>> rule : spec.exclude()) {
            boolean all = true;
            for (var e : rule.entrySet()) {
                String v = knobs.get(e.getKey());
                if (v == null || e.getValue() == null || !e.getValue().contains(v)) {
                    all = false;
                    break;
                }
            }
            if (all) {
                return true;
            }
        }
        return false;
    }

    private static List<List<String>> product(List<Dim> dims) {
        List<List<String>> out = new ArrayList<>();
        out.add(List.of());
        for (Dim d : dims) {
            List<List<String>> next = new ArrayList<>();
            for (List<String> prefix : out) {
                for (String v : d.values()) {
                    List<String> l = new ArrayList<>(prefix);
                    l.add(v);
                    next.add(l);
                }
            }
            out = next;
        }
        return out;
    }
}
