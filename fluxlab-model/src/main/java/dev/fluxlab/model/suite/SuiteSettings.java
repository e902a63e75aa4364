package dev.fluxlab.model.suite;

import dev.fluxlab.model.contract.LoadArgs;
import dev.fluxlab.model.warmup.WarmupPolicy;
import dev.fluxlab.model.Durations;
import dev.fluxlab.model.Labelled;
import dev.fluxlab.model.profile.ProfileMode;
import dev.fluxlab.model.run.TableSpec;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A suite's run-wide settings with their defaults: warm-up, measurement, repeats, start-up timeout, fork mode, repeat
 * order, thresholds and end tables. Read from a structurally checked {@link SuiteSpec} (durations already valid).
 */
public final class SuiteSettings {

    public static final String DEFAULT_WARMUP = WarmupPolicy.AUTO;
    public static final Duration DEFAULT_WARMUP_MAX = WarmupPolicy.DEFAULT_MAX;
    public static final Duration DEFAULT_MEASURE = LoadArgs.DEFAULT_DURATION;
    /** {@code measure: auto}. */
    public static final String AUTO_MEASURE = "auto";
    /** Least measured phase of {@code measure: auto}: {@code MeanPrecision} states no precision below 5 seconds. */
    public static final Duration MIN_AUTO_MEASURE = Duration.ofSeconds(5);
    /** The shortest fixed measured phase, and the shortest warm-up bound: one whole second of the per-second series. */
    public static final Duration MIN_MEASURE = Duration.ofSeconds(1);
    public static final Duration DEFAULT_MEASURE_MAX = Duration.ofSeconds(30);
    public static final double DEFAULT_PRECISION = 0.02;
    public static final Duration DEFAULT_STARTUP_TIMEOUT = Duration.ofSeconds(30);
    /** 0.1 %: one failed request in a thousand already makes throughput figures suspect. */
    public static final double DEFAULT_MAX_ERROR_RATE = 0.001;
    public static final double DEFAULT_INJECTOR_SATURATION = 0.9;

    /** Fork modes: fresh target JVMs per cell, or target JVMs shared by consecutive cells with identical targets. */
    public static final List<String> FORK_MODES = List.of("per-cell", "shared");

    /** The repeat order that runs all repeats of a cell together (the default). */
    public static final String SEQUENTIAL = "sequential";
    /** The repeat order that interleaves repeats across cells with identical targets (A B B A), as --aa does. */
    public static final String INTERLEAVED = "interleaved";
    /** Repeat orders: {@link #SEQUENTIAL} or {@link #INTERLEAVED}. */
    public static final List<String> REPEAT_ORDERS = List.of(SEQUENTIAL, INTERLEAVED);

    private final SuiteSpec spec;
    private final boolean aa;

    /**
     * @param aa A/A mode ({@code fluxlab run --aa}): every cell runs an even number of repeats, at least two,
     *           interleaved A B B A, so that the run measures its own noise floor from identical pairs
     */
    SuiteSettings(SuiteSpec spec, boolean aa) {
        this.spec = spec;
        this.aa = aa;
    }

    /**
     * The profile modes of this run (the suite's {@code profile}, which {@code fluxlab run --profile} sets); each adds
     * one profiled repeat per cell. Unknown names were refused by the structural checks.
     */
    public List<ProfileMode> profileModes() {
        return spec.profile() == null ? List.of()
                : spec.profile().stream().map(p -> Labelled.find(ProfileMode.class, p).orElseThrow()).distinct()
                        .toList();
    }

    /** Whether this run measures its noise floor from A/A pairs ({@code fluxlab run --aa}). */
    public boolean aa() {
        return aa;
    }

    public boolean autoWarmup() {
        return spec.warmup() == null || spec.warmup().equals(WarmupPolicy.AUTO);
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

    /** {@code interleave: close}: a claim its cells' repeats decide far beyond the machine's drift gets no trial. */
    public static final String INTERLEAVE_CLOSE = "close";
    /** {@code interleave: always}: every claim that can be interleaved gets its trial. */
    public static final String INTERLEAVE_ALWAYS = "always";
    /** The values of {@code interleave}. */
    public static final List<String> INTERLEAVES = List.of(INTERLEAVE_CLOSE, INTERLEAVE_ALWAYS);

    /**
     * Whether every claim that can be interleaved gets its trial ({@code interleave: always}), even one its cells'
     * repeats already decide by far more than the machine's drift (the default, {@code close}, judges those from the
     * repeats and saves the trial's minute).
     */
    public boolean interleaveAlways() {
        return INTERLEAVE_ALWAYS.equals(spec.interleave());
    }

    /**
     * How a claim's trial loads its cells in a round ({@code decide_method}): alternated unless the suite says
     * {@code duet}, until measurements here show which decides sooner (docs/suites.md).
     */
    public dev.fluxlab.model.decide.DecideMethod decideMethod() {
        return spec.decideMethod() == null ? dev.fluxlab.model.decide.DecideMethod.ALTERNATE
                : dev.fluxlab.model.decide.DecideMethod.byKey(spec.decideMethod()).orElseThrow();
    }

    /** Default time budget of one claim's interleaved trial ({@code decide_max}). */
    public static final Duration DEFAULT_DECIDE_MAX = Duration.ofMinutes(2);

    /**
     * The time budget of each claim's interleaved trial ({@code decide_max}); zero: claims are judged from the cells'
     * repeats against the noise band only.
     */
    public Duration decideMax() {
        return spec.decideMax() == null ? DEFAULT_DECIDE_MAX : Durations.parse(spec.decideMax());
    }

    /** {@code measure: auto}: measure until the mean throughput is known within {@link #precision()}. */
    public boolean measureAuto() {
        return AUTO_MEASURE.equals(spec.measure());
    }

    /** The measured phase; for {@code auto} its least length. */
    public Duration measure() {
        return measureAuto() ? MIN_AUTO_MEASURE
                : spec.measure() == null ? DEFAULT_MEASURE : Durations.parse(spec.measure());
    }

    /** The bound of the measured phase: {@code measure_max} for {@code auto}, else the fixed length. */
    public Duration measureMax() {
        return !measureAuto() ? measure()
                : spec.measureMax() == null ? DEFAULT_MEASURE_MAX : Durations.parse(spec.measureMax());
    }

    /** For {@code measure: auto}: the precision to reach as a fraction (0.02 = ±2 %); null for a fixed length. */
    public Double precision() {
        return !measureAuto() ? null : spec.precision() == null ? DEFAULT_PRECISION : parsePercent(spec.precision());
    }

    /** {@code 2%} or {@code 2} as the fraction 0.02; null when it is neither (a suite's and {@code load}'s precision). */
    public static Double parsePercent(String text) {
        // digits as a person writes them: Java's own number syntax also took 2d and 0x1p3
        java.util.regex.Matcher m = PERCENT.matcher(text);
        return m.matches() ? Double.parseDouble(m.group(1)) / 100 : null;
    }

    private static final java.util.regex.Pattern PERCENT =
            java.util.regex.Pattern.compile("\\s*(" + dev.fluxlab.model.Decimals.UNSIGNED + ")\\s*%?\\s*");

    public int repeats() {
        int r = spec.repeats() == null ? 1 : spec.repeats();
        return aa ? Math.max(2, r + r % 2) : r;
    }

    public Duration startupTimeout() {
        return spec.startupTimeout() == null ? DEFAULT_STARTUP_TIMEOUT : Durations.parse(spec.startupTimeout());
    }

    /**
     * True when consecutive cells with identical target processes (same targets, knobs and JVM options) share
     * their target JVMs, so the targets' JIT warm-up is paid once per group instead of once per cell.
     */
    public boolean sharedTargets() {
        return "shared".equals(spec.fork());
    }

    /**
     * True when repeats are interleaved: within each run of consecutive cells with identical targets, repeat 1 of
     * every cell in cell order, then repeat 2 in reverse order, and so on. Cells compared side by side (an injector
     * and its peer on one warm target) then share the target's and the machine's drift instead of one getting the
     * colder half.
     */
    public boolean interleavedRepeats() {
        return aa || INTERLEAVED.equals(spec.repeatOrder());
    }

    /**
     * Whether local target JVMs start from their trained AOT cache ({@code aot: true}; the runner uses it on JDK 25 and
     * newer only, and never when {@code FLUXLAB_AOT=0}). Default false: on the lab's 2-core VM training did not shorten
     * a target's warm-up (aot-ab: 26 s trained against 22 s cold for HTTP/1.1, 34 against 32 for h2c, Spring unsettled
     * at 40 s trained against 35 s cold), and a cache trained on one protocol's load lowered another's steady state
     * (h2c trained on an HTTP/1.1 load: 0.89x [0.839, 0.934] and 0.85x [0.772, 0.933] of cold, decided by interleaved
     * trials): docs/suites.md "Trained targets".
     */
    public boolean aot() {
        return spec.aot() != null && spec.aot();
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
    public Map<String, Object> asMap() {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("warmup", autoWarmup() ? WarmupPolicy.AUTO : Durations.format(warmup()));
        s.put("warmup_max", Durations.format(warmupMax()));
        if (!coldWarmupMin().isZero()) {
            s.put("cold_warmup_min", Durations.format(coldWarmupMin()));
        }
        s.put("measure", measureAuto() ? AUTO_MEASURE : Durations.format(measure()));
        if (measureAuto()) {
            s.put("precision", String.format(java.util.Locale.ROOT, "%.1f%%", precision() * 100));
            s.put("measure_max", Durations.format(measureMax()));
        }
        s.put("repeats", repeats());
        s.put("decide_max", Durations.format(decideMax()));
        s.put("interleave", interleaveAlways() ? INTERLEAVE_ALWAYS : INTERLEAVE_CLOSE);
        s.put("decide_method", decideMethod().key());
        if (aa) {
            s.put("aa", true);
        }
        s.put("startup_timeout", Durations.format(startupTimeout()));
        s.put("fork", sharedTargets() ? "shared" : "per-cell");
        s.put("repeat_order", interleavedRepeats() ? INTERLEAVED : SEQUENTIAL);
        if (aot()) {
            s.put("aot", true);
        }
        s.put("max_error_rate", maxErrorRate());
        s.put("require_stable_warmup", requireStableWarmup());
        s.put("injector_saturation", injectorSaturation());
        if (maxLogFindings() != null) {
            s.put("max_log_findings", maxLogFindings());
        }
        if (spec.placement() != null) {
            s.put("placement", spec.placement());
        }
        if (!profileModes().isEmpty()) {
            s.put("profile", profileModes().stream().map(ProfileMode::label).toList());
        }
        return s;
    }
}
