package dev.fluxlab.model.suite;

import dev.fluxlab.model.Durations;
import dev.fluxlab.model.Labelled;
import dev.fluxlab.model.Refusal;
import dev.fluxlab.model.contract.LoadLimits;
import dev.fluxlab.model.http.WireProtocol;
import dev.fluxlab.model.inject.Capability;
import dev.fluxlab.model.inject.Injectors;
import dev.fluxlab.model.profile.ProfileMode;
import dev.fluxlab.model.run.FigureName;
import dev.fluxlab.model.run.TableSpec;
import dev.fluxlab.model.suite.SuiteSpec.JvmSpec;
import dev.fluxlab.model.suite.SuiteSpec.LoadSection;
import dev.fluxlab.model.suite.SuiteSpec.ScenarioSpec;
import dev.fluxlab.model.suite.SuiteSpec.TargetSpec;
import dev.fluxlab.model.theory.Placement;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The structural checks of a suite, those that need neither the target registry nor the machine: required parts,
 * names, values and bounds, then the knob and figure names exclude rules and tables use. The first problem is thrown
 * as a {@link SuiteException} at its key's line.
 */
final class SuiteChecks {

    /**
     * What {@code load: protocol:} takes: the name of one {@link WireProtocol}, since every injector connection
     * speaks exactly one (a server's {@code http1.1+h2c} is no load protocol). Matched exactly as written, not
     * case-insensitively, because the runner and the injectors compare the suite's text.
     */
    static final List<String> LOAD_PROTOCOLS = Arrays.stream(WireProtocol.values()).map(WireProtocol::label).toList();

    /**
     * Target and process names become file names ({@code <cell>/<name>-1.log}, {@code .cmd}, {@code -gc.log}) and
     * part of a JVM option ({@code -Xlog:gc*:file=...}): a letter or digit, then letters, digits, {@code _} or
     * {@code -}, at most 64 in all. No {@code /}, {@code ..}, quote or blank can reach a path that way, and no
     * {@code .} clashes with the {@code <process>.<knob>} knob names.
     */
    static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]{0,63}");
    /** The injector's own files and figures use this name. */
    static final String RESERVED_NAME = "injector";
    /** A JVM needs about a second to start at all; a readiness line later than ten minutes means a hung start. */
    static final Duration MIN_STARTUP_TIMEOUT = Duration.ofSeconds(1);
    static final Duration MAX_STARTUP_TIMEOUT = Duration.ofMinutes(10);
    /**
     * Connections of one load level. Every connection holds a file descriptor in the injector and one in the target
     * and, on loopback, an ephemeral port (Linux's default range, 32768-60999, has 28,232); 10,000 stays well inside
     * both on any machine fluxlab runs on, and above it a cell measures the machine's limits rather than the stack.
     */
    static final int MAX_CONNECTIONS = 10_000;
    /**
     * Smallest heap of a target ({@code jvm.heap}, both -Xms and -Xmx). The JVM refuses -Xmx0 and anything under 2m
     * ("Too small maximum heap"), and with G1 or ZGC it does not start at 2m either; a target needs more still: its
     * framework, its event loops' buffers and its connections are allocated before the first request, and a heap only
     * just big enough measures the collector rather than the stack. 16m leaves that room for the lab's Netty targets.
     */
    static final String MIN_HEAP = "16m";
    /**
     * Largest heap of a target: ZGC refuses more than 16t on any machine ("Java heap too large"), and the other
     * collectors cannot reserve a heap much larger than the address space (99999999g: "Could not reserve enough
     * space"). Whether this machine has the memory is a warning ({@code MachineFit}), not a refusal.
     */
    static final String MAX_HEAP = "16t";
    /** Most repeats of every cell: a thousand of one cell already take hours, and they sum up to the run's estimate. */
    static final int MAX_REPEATS = Suite.MAX_REPEATS;

    private final SuiteSource source;
    private final SuiteSpec spec;
    private final SuiteSettings settings;
    /** The automatic warm-up's keys a {@code --set warmup=<fixed>} made moot, as the note names them. */
    private final List<String> unused = new java.util.ArrayList<>();
    private final List<String> notes = new java.util.ArrayList<>();

    SuiteChecks(SuiteSource source, SuiteSettings settings) {
        this.source = source;
        this.spec = source.spec();
        this.settings = settings;
    }

    private SuiteException error(String pointer, String problem) {
        return source.error(pointer, problem);
    }

    /** Everything that needs only the file: required parts, names, values, bounds. */
    void structure() {
        if (spec.name() != null && spec.name().length() > Suite.MAX_NAME) {
            throw error("/name", "the suite's 'name' has " + spec.name().length() + " characters; give at most "
                    + Suite.MAX_NAME + " (it names the results folder, whose name the file system limits)");
        }
        if (spec.name() != null && spec.name().codePoints().anyMatch(Character::isISOControl)) {
            throw error("/name", "the suite's 'name' must be one line without control characters (it names the "
                    + "results folder and heads every report)");
        }
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
            throw error("/warmup", "'warmup' must be 'auto' or a duration such as 5s, not '" + spec.warmup() + "'"
                    + java.util.Objects.requireNonNullElse(Durations.tooLarge(spec.warmup()), ""));
        }
        checkDuration("/warmup_max", "warmup_max", spec.warmupMax());
        autoWarmupOnly("/warmup_max", "warmup_max", "the suite's", spec.warmupMax(),
                "bounds only 'warmup: auto' (a fixed warm-up ignores it)");
        checkDuration("/decide_max", "decide_max", spec.decideMax());
        checkColdWarmupMin("/cold_warmup_min", "the suite's", spec.coldWarmupMin());
        if (spec.targets() != null) {
            spec.targets().forEach((name, t) -> {
                if (t != null) {
                    checkColdWarmupMin(Locations.pointer("targets", name, "cold_warmup_min"),
                            "target " + name + "'s", t.coldWarmupMin());
                }
            });
        }
        if (!unused.isEmpty()) {
            String keys = unused.size() == 1 ? unused.getFirst() : String.join(", ", unused.subList(0,
                    unused.size() - 1)) + " and " + unused.getLast();
            notes.add(source.overrides().describe("/warmup") + ": a fixed warm-up, so " + keys
                    + (unused.size() == 1 ? " is" : " are") + " not used (they shape 'warmup: auto' only)");
        }
        if (!SuiteSettings.AUTO_MEASURE.equals(spec.measure())) {
            checkDuration("/measure", "measure", spec.measure());
            if (spec.precision() != null || spec.measureMax() != null) {
                throw error(spec.precision() != null ? "/precision" : "/measure_max", "'precision' and 'measure_max' "
                        + "only apply to 'measure: auto' (measure until the mean throughput is that precise); "
                        + "remove them or write 'measure: auto'");
            }
        } else {
            checkDuration("/measure_max", "measure_max", spec.measureMax());
            if (spec.measureMax() != null
                    && Durations.parse(spec.measureMax()).compareTo(SuiteSettings.MIN_AUTO_MEASURE) < 0) {
                throw error("/measure_max", "'measure_max' must be at least "
                        + Durations.format(SuiteSettings.MIN_AUTO_MEASURE) + " (the least automatic measured phase), not "
                        + spec.measureMax());
            }
            Double p = spec.precision() == null ? Double.valueOf(SuiteSettings.DEFAULT_PRECISION)
                    : SuiteSettings.parsePercent(spec.precision());
            if (p == null || !(p >= LoadLimits.MIN_PRECISION && p <= LoadLimits.MAX_PRECISION)) {
                throw error("/precision", String.format(Locale.ROOT, "'precision' must be a percentage between %.1f%% "
                        + "and %.0f%%, e.g. 2%%, not '%s'", LoadLimits.MIN_PRECISION * 100, LoadLimits.MAX_PRECISION * 100,
                        spec.precision()));
            }
        }
        checkDuration("/startup_timeout", "startup_timeout", spec.startupTimeout());
        if (spec.startupTimeout() != null) {
            Duration t = Durations.parse(spec.startupTimeout());
            if (t.compareTo(MIN_STARTUP_TIMEOUT) < 0 || t.compareTo(MAX_STARTUP_TIMEOUT) > 0) {
                throw error("/startup_timeout", "'startup_timeout' must be between " + Durations.format(MIN_STARTUP_TIMEOUT)
                        + " and " + Durations.format(MAX_STARTUP_TIMEOUT) + ", not " + spec.startupTimeout()
                        + " (how long a target may take to print its readiness line; a JVM alone needs about a second, "
                        + "the default is " + Durations.format(SuiteSettings.DEFAULT_STARTUP_TIMEOUT) + ")");
            }
        }
        if (spec.fork() != null && !SuiteSettings.FORK_MODES.contains(spec.fork())) {
            throw error("/fork", Refusal.unknown("fork", spec.fork(), SuiteSettings.FORK_MODES));
        }
        if (spec.profile() != null) {
            for (int i = 0; i < spec.profile().size(); i++) {
                if (Labelled.find(ProfileMode.class, spec.profile().get(i)).isEmpty()) {
                    throw error("/profile/" + i, Labelled.refusal("profile", spec.profile().get(i),
                            List.of(ProfileMode.values())) + " (one, or a list of them)");
                }
            }
        }
        if (spec.interleave() != null && !SuiteSettings.INTERLEAVES.contains(spec.interleave())) {
            throw error("/interleave", Refusal.unknown("interleave", spec.interleave(), SuiteSettings.INTERLEAVES));
        }
        if (spec.decideMethod() != null
                && dev.fluxlab.model.decide.DecideMethod.byKey(spec.decideMethod()).isEmpty()) {
            throw error("/decide_method", Refusal.unknown("decide_method", spec.decideMethod(),
                    dev.fluxlab.model.decide.DecideMethod.keys()));
        }
        if (spec.repeatOrder() != null && !SuiteSettings.REPEAT_ORDERS.contains(spec.repeatOrder())) {
            throw error("/repeat_order", Refusal.unknown("repeat_order", spec.repeatOrder(), SuiteSettings.REPEAT_ORDERS));
        }
        if (spec.measure() != null && !SuiteSettings.AUTO_MEASURE.equals(spec.measure())
                && Durations.parse(spec.measure()).compareTo(SuiteSettings.MIN_MEASURE) < 0) {
            throw error("/measure", "'measure' must be at least " + Durations.format(SuiteSettings.MIN_MEASURE)
                    + " (the per-second series and the verdicts read whole seconds), not " + spec.measure());
        }
        if (spec.warmupMax() != null && Durations.parse(spec.warmupMax()).compareTo(SuiteSettings.MIN_MEASURE) < 0) {
            throw error("/warmup_max", "'warmup_max' must be at least " + Durations.format(SuiteSettings.MIN_MEASURE)
                    + " (the automatic warm-up judges whole seconds), not " + spec.warmupMax()
                    + "; for no warm-up at all write 'warmup: 0s'");
        }
        if (spec.repeats() != null && spec.repeats() < 1) {
            throw error("/repeats", "'repeats' must be 1 or more, not " + spec.repeats());
        }
        if (spec.repeats() != null && spec.repeats() > MAX_REPEATS) {
            throw error("/repeats", "'repeats' must be at most " + MAX_REPEATS + " (a spread is known after a handful), "
                    + "not " + spec.repeats());
        }
        if (spec.thresholds() != null) {
            Double r = spec.thresholds().maxErrorRate();
            if (r != null && !(r >= 0 && r <= 1)) { // NaN too: every comparison with it is false
                throw error("/thresholds/max_error_rate", "'max_error_rate' is a fraction between 0 and 1 (0.001 = 0.1 %), not " + r);
            }
            Integer f = spec.thresholds().maxLogFindings();
            if (f != null && f < 0) {
                throw error("/thresholds/max_log_findings", "'max_log_findings' is 0 or more, not " + f);
            }
            Double s = spec.thresholds().injectorSaturation();
            if (s != null && !(s > 0 && s <= 1)) {
                throw error("/thresholds/injector_saturation", "'injector_saturation' is a fraction in (0, 1], not " + s);
            }
        }
    }

    private void checkColdWarmupMin(String pointer, String whose, String value) {
        checkDuration(pointer, "cold_warmup_min", value);
        if (!autoWarmupOnly(pointer, "cold_warmup_min", whose, value,
                "needs 'warmup: auto' (a fixed warm-up is already a minimum)")) {
            return;
        }
        if (Durations.parse(value).compareTo(settings.warmupMax()) > 0) {
            throw error(pointer, "'cold_warmup_min' (" + value + ") must not exceed 'warmup_max' ("
                    + Durations.format(settings.warmupMax()) + ")");
        }
    }

    /**
     * The rule of the keys that shape only {@code warmup: auto} ({@code warmup_max}, {@code cold_warmup_min}): beside
     * a fixed {@code warmup} they would be ignored silently, so the suite (file or {@code --set}) giving both is
     * refused at the key, naming the fixed length and the fix. A fixed warm-up set by {@code --set warmup=5s} on a
     * suite written for {@code auto} makes them moot instead (a run's quick override of the file; the AOT training
     * run sets one too): accepted, with one note ({@link #notes()}).
     *
     * @return whether {@code value} is given and applies (the warm-up is automatic)
     */
    private boolean autoWarmupOnly(String pointer, String key, String whose, String value, String rule) {
        if (value == null || settings.autoWarmup()) {
            return value != null;
        }
        if (source.overrides().describe("/warmup") != null) {
            unused.add(whose + " " + key + " (" + value + ")");
            return false;
        }
        throw error(pointer, "'" + key + "' " + rule + ", and 'warmup' is a fixed " + spec.warmup()
                + " here; remove '" + key + "' or write 'warmup: auto'");
    }

    /** What a run of this suite should be told before it starts: a setting the command line made moot. */
    List<String> notes() {
        return List.copyOf(notes);
    }

    private void checkDuration(String pointer, String key, String value) {
        if (value != null && !Durations.isValid(value)) {
            throw error(pointer, "'" + key + "' must be a duration such as 500ms, 10s or 2m, not '" + value + "'"
                    + java.util.Objects.requireNonNullElse(Durations.tooLarge(value), ""));
        }
    }

    private void checkTarget(String name, TargetSpec t) {
        String at = Locations.pointer("targets", name);
        checkName(at, "target", name);
        if (t == null) {
            throw error(at, "target '" + name + "' is empty; write '" + name + ": {}' to use its defaults");
        }
        CommandChecks commands = new CommandChecks(this::error);
        if (t.isCommand()) {
            commands.check(at, name, t);
            checkKnobValuesPresent(at + "/knobs", t.knobs());
            return;
        }
        commands.notCommand(at, name, t);
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
                throw error(at + "/entry", "'entry' of target '" + name + "': "
                        + Refusal.unknown("process", t.entry(), t.processes().keySet()));
            }
            t.processes().forEach((p, ps) -> {
                checkName(at + Locations.pointer("processes", p), "process", p);
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

    private void checkName(String at, String kind, String name) {
        if (!NAME.matcher(name).matches()) {
            throw error(at, kind + " name '" + name + "' is not accepted: it names the process's files, so it must be a "
                    + "letter or digit followed by letters, digits, '_' or '-' (at most 64, pattern " + NAME.pattern()
                    + "); give the registry target with 'target:' under a plain name, e.g. 'backend: {target: netty}'");
        }
        if (name.equals(RESERVED_NAME)) {
            throw error(at, kind + " name '" + name + "' is reserved for the load injector's files and figures; "
                    + "choose another name and give the registry target with 'target:'");
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
        checkHasValue(at + "/heap", "heap", jvm.heap());
        checkHasValue(at + "/gc", "gc", jvm.gc());
        checkHasValue(at + "/aot", "aot", jvm.aot());
        if (jvm.aot() != null && jvm.aot().contains(null)) {
            throw error(at + "/aot", "'aot' takes true (start from the trained AOT cache) or false (cold), or the "
                    + "list [true, false] to run both");
        }
        if (jvm.aot() != null && jvm.aot().contains(Boolean.TRUE) && spec.aot() != null && !spec.aot()) {
            throw error(at + "/aot", "this process asks for a trained start (aot: true) in a suite whose 'aot: false' "
                    + "starts every target cold; drop one of the two (to run this process cold only: --set "
                    + at.substring(1).replace('/', '.') + ".aot=false)");
        }
        if (jvm.heap() != null) {
            for (int i = 0; i < jvm.heap().size(); i++) {
                checkHeap(at + "/heap/" + i, jvm.heap().get(i));
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

    /**
     * A heap size as the JVM reads {@code -Xms}/{@code -Xmx}: a whole number of bytes, or of k, m, g or t, within
     * {@link #MIN_HEAP} and {@link #MAX_HEAP}, so that a target's JVM does not refuse it at start, after the run began.
     */
    private void checkHeap(String at, String heap) {
        Long bytes = SuiteAssumptions.bytes(heap);
        if (bytes == null) {
            throw error(at, "heap size '" + heap + "' is not valid; write e.g. 512m or 2g (it becomes -Xms/-Xmx: a whole "
                    + "number of bytes, or of k, m, g or t)");
        }
        if (bytes < SuiteAssumptions.bytes(MIN_HEAP) || bytes > SuiteAssumptions.bytes(MAX_HEAP)) {
            throw error(at, "heap size '" + heap + "' is not valid: a target's heap is at least " + MIN_HEAP
                    + " and at most " + MAX_HEAP + " (it becomes -Xms/-Xmx: a JVM does not start with a few megabytes, "
                    + MIN_HEAP + " leaves a target room to serve, and ZGC refuses more than " + MAX_HEAP
                    + " on any machine); write e.g. 512m or 2g");
        }
    }

    private void checkScenario(String name, ScenarioSpec s) {
        String at = Locations.pointer("scenarios", name);
        if (name.isEmpty() || name.codePoints().anyMatch(Character::isISOControl)) {
            // it names cells, their folders and a row of every table: a line break split the dry run's lines
            throw error(at, "a scenario's name must be one line without control characters, e.g. plaintext");
        }
        if (s == null || s.path() == null) {
            throw error(at, "scenario '" + name + "' needs a 'path', e.g. 'path: /plaintext'");
        }
        if (!s.path().startsWith("/")) {
            throw error(at + "/path", "path '" + s.path() + "' must start with '/'");
        }
        checkPath(at + "/path", s.path());
        if (s.method() != null && !ScenarioSpec.METHODS.contains(s.method())) {
            throw error(at + "/method", Refusal.unknown("method", s.method(), ScenarioSpec.METHODS));
        }
        if (s.body() != null && s.bodySize() != null) {
            throw error(at + "/body_size", "scenario '" + name + "' has both 'body' and 'body_size'; keep one");
        }
        if (s.bodySize() != null && (s.bodySize() < LoadLimits.MIN_BODY_SIZE || s.bodySize() > LoadLimits.MAX_BODY)) {
            throw error(at + "/body_size", "'body_size' (a generated JSON body) must be " + LoadLimits.MIN_BODY_SIZE
                    + " to " + LoadLimits.MAX_BODY + " bytes (16 MiB), not " + s.bodySize()
                    + "; the smallest JSON body is {}, and a scenario without a body has no 'body_size'");
        }
        if (s.headers() != null) {
            s.headers().forEach((h, v) -> {
                String hat = at + Locations.pointer("headers", h);
                if (!LoadLimits.isHeaderName(h)) {
                    throw error(hat, "header name '" + h + "' is not accepted: it is sent as written, so it must be "
                            + "visible ASCII characters without ':' or blanks, e.g. content-type");
                }
                if (LoadLimits.reservedHeader(h) != null) {
                    throw error(hat, LoadLimits.reservedHeader(h));
                }
                if (v == null || !LoadLimits.isHeaderValue(v)) {
                    throw error(hat, "header '" + h + "' needs a value on one line (a line break would start another "
                            + "header) and in ISO-8859-1 (HTTP sends a value as those bytes; a character above U+00FF "
                            + "cannot be sent), e.g. '" + h + ": application/json'");
                }
            });
        }
        Map<String, String> headers = s.headers() == null ? Map.of() : s.headers();
        LoadLimits.requestHeadProblem(s.path(), headers.entrySet()).ifPresent(problem -> {
            boolean path = LoadLimits.requestHeadBytes(s.path(), List.of()) > LoadLimits.MAX_HTTP1_HEAD;
            throw error(at + (path ? "/path" : "/headers"), "scenario '" + name + "': " + problem + "; shorten the "
                    + (path ? "path" : "headers") + " (servers commonly take 8 KiB of headers)");
        });
        if (s.theory() != null) {
            if (Labelled.find(Placement.class, s.theory()).isEmpty()) {
                throw error(at + "/theory", Labelled.refusal("theory", s.theory(), List.of(Placement.values())));
            }
        }
        if (s.expect() != null && s.expect().status() != null
                && (s.expect().status() < 100 || s.expect().status() > 599)) {
            throw error(at + "/expect/status", "expected status " + s.expect().status() + " is not an HTTP status (100-599)");
        }
    }

    /** The request target as sent: a URI path with an optional query, every other character percent-encoded. */
    private void checkPath(String at, String path) {
        String problem;
        try {
            URI uri = new URI(path);
            problem = uri.getRawFragment() != null ? "has a fragment ('#'), which is never sent to a server"
                    : uri.getRawAuthority() != null || !uri.getRawPath().startsWith("/") ? "is not a path" : null;
        } catch (URISyntaxException e) {
            problem = "is not a valid URI path (" + e.getReason().toLowerCase(Locale.ROOT) + " at index " + e.getIndex() + ")";
        }
        if (problem != null) {
            throw error(at, "path '" + path + "' " + problem + "; write it as sent on the wire, with spaces and other "
                    + "characters outside URI syntax percent-encoded (a space as %20, '#' as %23, '%' as %25)");
        }
        LoadLimits.requestTargetProblem(path).ifPresent(p -> {
            throw error(at, "path '" + path + "' " + p);
        });
    }

    private void checkLoad(int i, LoadSection l) {
        String at = source.loadPointer(i);
        if (l == null) {
            throw error(at, "load profile " + (i + 1) + " is empty; give e.g. 'connections: 16'");
        }
        checkHasValue(at + "/connections", "connections", l.connections());
        checkHasValue(at + "/in_flight", "in_flight", l.inFlight());
        checkHasValue(at + "/rate", "rate", l.rate());
        checkHasValue(at + "/injector", "injector", l.injector());
        checkHasValue(at + "/injectors", "injectors", l.injectors());
        checkHasValue(at + "/keep_alive", "keep_alive", l.keepAlive());
        checkPositive(at + "/connections", "connections", l.connections());
        if (l.connections() != null) {
            for (int j = 0; j < l.connections().size(); j++) {
                if (l.connections().get(j) > MAX_CONNECTIONS) {
                    throw error(at + "/connections/" + j, "'connections' of " + l.connections().get(j) + " is above the "
                            + "ceiling of " + MAX_CONNECTIONS + " per load level (each connection holds a file descriptor "
                            + "in the injector and in the target and an ephemeral loopback port; Linux's default port "
                            + "range has 28,232); use at most " + MAX_CONNECTIONS + ", with 'in_flight' for more "
                            + "concurrent requests");
                }
            }
        }
        checkPositive(at + "/in_flight", "in_flight", l.inFlight());
        checkAtMost(at + "/in_flight", "in_flight", l.inFlight(), LoadLimits.MAX_IN_FLIGHT,
                "requests in flight per connection (HTTP/2 streams or HTTP/1.1 pipeline depth)");
        checkPositive(at + "/rate", "rate", l.rate());
        checkPositive(at + "/injectors", "injectors", l.injectors()); // before the cells are expanded from them
        checkAtMost(at + "/rate", "rate", l.rate(), (long) LoadLimits.MAX_RATE,
                "requests per second (one per nanosecond, the resolution of the injector's send schedule)");
        if (l.protocol() != null && !LOAD_PROTOCOLS.contains(l.protocol())) {
            throw error(at + "/protocol", Refusal.unknown("load protocol", l.protocol(), LOAD_PROTOCOLS));
        }
        if (l.threads() != null && l.threads() < 1) {
            throw error(at + "/threads", "'threads' must be 1 or more");
        }
        checkDuration(at + "/timeout", "timeout", l.timeout());
        if (l.timeout() != null && Durations.parse(l.timeout()).compareTo(LoadLimits.MIN_TIMEOUT) < 0) {
            throw error(at + "/timeout", "'timeout' (per request) must be at least "
                    + Durations.format(LoadLimits.MIN_TIMEOUT) + ", e.g. 10s, not " + l.timeout());
        }
        if (l.injector() != null) {
            for (int j = 0; j < l.injector().size(); j++) {
                String inj = l.injector().get(j);
                if (inj == null || Injectors.find(inj).isEmpty()) {
                    throw error(at + "/injector/" + j, Injectors.refusal(inj));
                }
                if (!Injectors.named(inj).can(Capability.OPEN_MODEL) && l.rate() != null) {
                    throw error(at + "/injector/" + j, "injector '" + inj + "' runs a closed load only; drop 'rate' "
                            + "or keep 'injector: fluxlab' for the open model");
                }
            }
        }
        if (l.requests() != null) {
            if (l.requests() < 1) {
                throw error(at + "/requests", "'requests' (a fixed request count per measured phase) must be 1 or more, "
                        + "not " + l.requests());
            }
            if ("auto".equals(spec.measure())) {
                throw error(at + "/requests", "'requests' fixes the measured phase's request count, 'measure: auto' its "
                        + "length by precision: give one of them");
            }
        }
        if (l.prime() != null) {
            checkPrime(at + "/prime", l.prime());
        }
        checkKeepAlive(at, l);
    }

    /**
     * {@code keep_alive: false} (a connection per request) is defined for one HTTP/1.1 request at a time, waited for,
     * by fluxlab's injector or ab (without {@code -k}).
     */
    private void checkKeepAlive(String at, LoadSection l) {
        if (l.keepAlive() == null || !l.keepAlive().contains(false)) {
            return;
        }
        if (l.keepAlive().contains(null)) {
            throw error(at + "/keep_alive", "'keep_alive' takes true or false");
        }
        String why = null;
        if (l.protocol() != null && !l.protocol().equals(WireProtocol.HTTP11.label())) {
            why = "it is for HTTP/1.1 only (HTTP/2 multiplexes requests on one connection); drop 'protocol: "
                    + l.protocol() + "'";
        } else if (l.inFlight() != null && l.inFlight().stream().anyMatch(m -> m != 1)) {
            why = "one request per connection leaves nothing to pipeline; use 'in_flight: 1' and more 'connections'";
        } else if (l.rate() != null) {
            why = "it works with the closed model (connections, each reconnecting per request); drop 'rate'";
        } else if (l.injector() != null && l.injector().stream()
                .anyMatch(t -> !Injectors.named(t).can(Capability.CONNECTION_PER_REQUEST))) {
            why = "only " + Injectors.withCapability(Capability.CONNECTION_PER_REQUEST, null) + " open a connection per "
                    + "request (ab without -k); drop " + String.join(" and ", l.injector().stream()
                    .filter(t -> !Injectors.named(t).can(Capability.CONNECTION_PER_REQUEST)).distinct().toList());
        }
        if (why != null) {
            throw error(at + "/keep_alive", "'keep_alive: false' cannot apply here: " + why);
        }
    }

    /** A priming step: a known injector, positive sizes, and the request count it is bounded by. */
    private void checkPrime(String at, SuiteSpec.PrimeSpec p) {
        if (p.requests() == null || p.requests() < 1) {
            throw error(at + "/requests", "a priming step sends a fixed number of requests: give 'requests' (1 or "
                    + "more), e.g. prime: {injector: h2load, connections: 16, in_flight: 100, requests: 100}");
        }
        if (p.injector() != null && Injectors.find(p.injector()).isEmpty()) {
            throw error(at + "/injector", Injectors.refusal(p.injector()));
        }
        if (p.connections() != null && p.connections() < 1) {
            throw error(at + "/connections", "'connections' of a priming step must be 1 or more");
        }
        if (p.connections() != null && p.connections() > MAX_CONNECTIONS) {
            throw error(at + "/connections", "'connections' of a priming step is " + p.connections() + ", above the "
                    + "ceiling of " + MAX_CONNECTIONS + " that holds for every load level; use at most " + MAX_CONNECTIONS);
        }
        if (p.inFlight() != null && p.inFlight() < 1) {
            throw error(at + "/in_flight", "'in_flight' of a priming step must be 1 or more");
        }
        if (p.inFlight() != null && p.inFlight() > LoadLimits.MAX_IN_FLIGHT) {
            throw error(at + "/in_flight", "'in_flight' of a priming step is " + p.inFlight() + ", above the "
                    + "injector's ceiling of " + LoadLimits.MAX_IN_FLIGHT + "; use at most " + LoadLimits.MAX_IN_FLIGHT);
        }
    }

    private void checkAtMost(String at, String key, List<Integer> values, long max, String what) {
        if (values == null) {
            return;
        }
        for (int j = 0; j < values.size(); j++) {
            if (values.get(j) != null && values.get(j) > max) {
                throw error(at + "/" + j, "'" + key + "' of " + values.get(j) + " is above the injector's ceiling of "
                        + max + " " + what + "; use at most " + max);
            }
        }
    }

    /**
     * A list-valued load field or JVM option is a dimension of the matrix, as a knob is: an empty list leaves no cell,
     * so it is refused where it is written (the matrix alone would blame the exclude rules, or no key at all).
     */
    private void checkHasValue(String at, String key, List<?> values) {
        if (values != null && values.isEmpty()) {
            throw error(at, "'" + key + "' has no value; give one value or a list of values");
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

    /** Exclude rules and tables name knobs of this suite ({@code knobs}) and known figures. */
    void references(Collection<String> knobs) {
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
        List<TableSpec> tables = settings.tables();
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
            Set<String> placed = new java.util.HashSet<>();
            for (String part : List.of("rows", "columns")) {
                List<String> names = part.equals("rows") ? t.rows() : t.columns();
                for (int j = 0; names != null && j < names.size(); j++) {
                    if (!placed.add(names.get(j))) {
                        throw error(at + "/" + part + "/" + j, "table " + (i + 1) + " names knob '" + names.get(j)
                                + "' twice in its rows and columns; each knob is one axis of a table: name it once");
                    }
                }
            }
            List<String> figures = t.figures();
            if (figures.isEmpty()) {
                throw error(t.value() == null ? at : at + "/value", "table " + (i + 1) + "'s 'value' names no "
                        + "figure; give one or a list, "
                        + "e.g. value: throughput_rps");
            }
            if (new java.util.HashSet<>(figures).size() < figures.size()) {
                throw error(at + "/value", "table " + (i + 1) + "'s 'value' names a figure twice (" + String.join(", ",
                        figures) + "); name each once");
            }
            for (int j = 0; j < figures.size(); j++) {
                String name = figures.get(j);
                String where = at + "/value/" + j;
                if (!FigureName.isFigure(name)) {
                    throw error(where, FigureName.refusal("table value", name));
                }
                FigureName value = FigureName.parse(name);
                if (value.isRatio() && !knobs.contains(value.ratioKnob())) {
                    throw error(where, "table value '" + name + "' is a ratio to the cell whose knob '"
                            + value.ratioKnob() + "' differs, but this suite has no such knob; knobs of this suite: "
                            + String.join(", ", knobs));
                }
            }
            seed(t, at, knobs);
        }
    }

    /**
     * Refuses a cell whose process asks for a trained start in its {@code jvm.aot} ({@code true}, alone or as a knob
     * value) where it can only start cold ({@link Cell.CellProcess#alwaysCold}): the cell would run cold under the
     * name {@code aot=true}, and an {@code aot: [true, false]} pair would compare a cold JVM with itself.
     */
    void trainedStarts(List<Cell> cells) {
        for (Cell c : cells) {
            for (Cell.CellProcess p : c.processes()) {
                String cold = p.alwaysCold();
                if (!Boolean.TRUE.equals(p.aot()) || cold == null) {
                    continue;
                }
                SuiteSpec.TargetSpec t = spec.targets().get(c.target());
                String at = t.processes() == null ? Locations.pointer("targets", c.target(), "jvm", "aot")
                        : Locations.pointer("targets", c.target(), "processes", p.name(), "jvm", "aot");
                String knob = (p.name().equals(c.entry()) ? "" : p.name() + ".") + CellMatrix.AOT;
                String other = p.host() != null ? "" : (p.name().equals(c.entry()) ? "" : p.name() + ".") + "gc: "
                        + p.gc() + ", ";
                throw error(at, "cell " + c.id() + ": process '" + p.name() + "' asks for a trained start (aot: true), "
                        + "but " + cold + ", so the cell would run cold under the name aot=true; leave such cells out "
                        + "(exclude: [{" + other + knob + ": true}]) or give this process aot: false");
            }
        }
    }

    /**
     * Refuses a key of the claims' interleaved trials ({@code decide_max}, {@code interleave}, {@code decide_method})
     * in a suite that has no claim: the claims written under {@code claims:} and those an {@code ab:} comparison makes
     * are all that read these keys (the trials, and the plan that announces them), so without one such a key was
     * accepted and ignored, in the file or by a {@code --set}.
     */
    void trialKeys(List<dev.fluxlab.model.claim.Claim> claims) {
        if (!claims.isEmpty()) {
            return;
        }
        unread("/decide_max", "decide_max", spec.decideMax(), "bounds the interleaved trial of each claim");
        unread("/interleave", "interleave", spec.interleave(), "picks which claims get an interleaved trial");
        unread("/decide_method", "decide_method", spec.decideMethod(),
                "sets how a claim's interleaved trial loads its cells");
    }

    private void unread(String pointer, String key, String value, String rule) {
        if (value == null) {
            return;
        }
        String fix = source.overrides().describe(pointer) != null ? "leave out this --set" : "remove '" + key + "'";
        throw error(pointer, "'" + key + "' has nothing to decide: it " + rule + ", and this suite has no claims and "
                + "no 'ab' comparison; " + fix + " or add a claim ('claims:' or 'ab:')");
    }

    /**
     * Refuses a {@code decide_max} above zero in which no claim's trial fits ({@link
     * dev.fluxlab.model.decide.Trial#leastBudget}): it turned the trials off as {@code 0s} does, said only by each
     * claim when the run ended. Without claims, {@link #trialKeys} refused it already.
     */
    void decideMax(List<dev.fluxlab.model.claim.Claim> claims) {
        Duration max = settings.decideMax();
        if (max.isZero() || claims.isEmpty()) {
            return;
        }
        int windows = claims.stream().mapToInt(c -> settings.decideMethod().windowsPerRound(c.cells().size()))
                .min().orElseThrow();
        Duration least = dev.fluxlab.model.decide.Trial.leastBudget(windows);
        if (max.compareTo(least) < 0) {
            throw error("/decide_max", "'decide_max' " + Durations.format(max) + " is shorter than any claim's "
                    + "interleaved trial can be (the shortest needs " + Durations.format(least) + ": "
                    + dev.fluxlab.model.decide.Trial.MIN_ROUNDS + " rounds of " + windows + " window"
                    + (windows == 1 ? "" : "s") + ", each at least "
                    + Durations.format(dev.fluxlab.model.decide.Trial.MIN_WINDOW) + " after "
                    + Durations.format(dev.fluxlab.model.decide.Trial.MIN_SETTLE) + " of settling and the time to "
                    + "start its load), so every claim "
                    + "would be judged from its repeats; write 'decide_max: 0s' to say so, or give at least "
                    + (least.toMillis() + 999) / 1000 + "s");
        }
    }

    /**
     * Every figure of a table names what the cells have: a process of theirs (or the injector) after a per-process
     * figure's {@code .}, a value of the knob a ratio fixes. A misspelt one showed an empty column, silently.
     */
    private void tableFigures(List<Cell> cells) {
        List<TableSpec> tables = settings.tables();
        Set<String> processes = new java.util.TreeSet<>();
        cells.forEach(c -> c.processes().forEach(p -> processes.add(p.name())));
        processes.add(RESERVED_NAME);
        for (int i = 0; i < tables.size(); i++) {
            List<String> figures = tables.get(i).figures();
            for (int j = 0; j < figures.size(); j++) {
                FigureName f = FigureName.parse(figures.get(j));
                String where = "/tables/" + i + "/value/" + j;
                if (f.process() != null && !processes.contains(f.process())) {
                    throw error(where, "table value '" + figures.get(j) + "': "
                            + Refusal.unknown("process", f.process(), processes, "a per-process figure names a "
                            + "process of the cells, or the injector"));
                }
                if (f.isRatio() && cells.stream().noneMatch(c -> f.ratioValue().equals(c.knobs().get(f.ratioKnob())))) {
                    throw error(where, "table value '" + figures.get(j) + "' is a ratio to the cell with "
                            + f.ratioKnob() + "=" + f.ratioValue() + ", but no cell has that value; " + Refusal.unknown(
                            "value", f.ratioValue(), cells.stream().map(c -> c.knobs().get(f.ratioKnob()))
                                    .filter(java.util.Objects::nonNull).distinct().toList()));
                }
            }
        }
    }

    /**
     * Every seed figure of a table names the position of at least one cell ({@code at}): a misspelt value would
     * otherwise show nothing, silently.
     */
    void seedPositions(List<Cell> cells) {
        tableFigures(cells);
        List<TableSpec> tables = settings.tables();
        for (int i = 0; i < tables.size(); i++) {
            TableSpec t = tables.get(i);
            if (t == null || t.seed() == null || t.seed().figures() == null) {
                continue;
            }
            for (int j = 0; j < t.seed().figures().size(); j++) {
                Map<String, String> at = t.seed().figures().get(j).at();
                boolean some = cells.stream().anyMatch(c -> at.entrySet().stream()
                        .allMatch(e -> String.valueOf(e.getValue()).equals(c.knobs().get(e.getKey()))));
                if (!some) {
                    throw error("/tables/" + i + "/seed/figures/" + j + "/at", "no cell of this suite has all of "
                            + at + " (an 'exclude' rule may leave it out); a seed figure names a table position");
                }
            }
        }
    }

    /**
     * A table's seed figures name knobs of this suite and figures the table shows, each a finite number, and come
     * from a named source: what is printed beside a measured figure must say where it was read.
     */
    private void seed(TableSpec t, String at, Collection<String> knobs) {
        if (t.seed() == null) {
            return;
        }
        String s = at + "/seed";
        if (t.seed().source() == null || t.seed().source().isBlank()) {
            throw error(s, "a table's 'seed' needs 'source': the seed file its figures were read from");
        }
        List<String> shown = t.figures().isEmpty() ? List.of(FigureName.THROUGHPUT) : t.figures();
        List<TableSpec.SeedFigures> entries = t.seed().figures() == null ? List.of() : t.seed().figures();
        if (entries.isEmpty()) {
            throw error(s, "a table's 'seed' needs 'figures': a list of {at: {knob: value}, values: {figure: number}}");
        }
        for (int j = 0; j < entries.size(); j++) {
            TableSpec.SeedFigures e = entries.get(j);
            String ej = s + "/figures/" + j;
            if (e == null || e.at() == null || e.at().isEmpty() || e.values() == null || e.values().isEmpty()) {
                throw error(ej, "seed figure " + (j + 1) + " needs 'at' (knob: value pairs naming its table position) "
                        + "and 'values' (figure: number)");
            }
            for (String k : e.at().keySet()) {
                if (!knobs.contains(k)) {
                    throw error(ej + "/at/" + k, "seed figure uses unknown knob '" + k + "'; knobs of this suite: "
                            + String.join(", ", knobs));
                }
            }
            for (Map.Entry<String, Double> v : e.values().entrySet()) {
                FigureName name = FigureName.parse(v.getKey());
                if (name == null || shown.stream().map(FigureName::parse).noneMatch(name::sameAs)) {
                    throw error(ej + "/values/" + v.getKey(), "seed figure '" + v.getKey() + "' is not a figure this "
                            + "table shows; its figures: " + String.join(", ", shown));
                }
                if (v.getValue() == null || !Double.isFinite(v.getValue())) {
                    throw error(ej + "/values/" + v.getKey(), "seed figure '" + v.getKey() + "' needs a number");
                }
            }
        }
    }
}
