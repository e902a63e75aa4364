package dev.fluxlab.model.run;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.fluxlab.model.load.LoadResult;

/**
 * The figures a cell has, declared once: for each, its name and the forms it is written in, what it is called, its
 * unit, whether more is better, how it is read from a cell and how its values are written. Every reader goes through
 * this table: the suite check and the claims through {@link FigureName} (the names), the claims and the report's tables
 * through {@link FigureValue} (the readings), {@code compare}, the report and the history through the label, unit,
 * direction and format. Adding a figure is one constant here (and its reading in {@link CellSummary} if it is new).
 *
 * <p>The order is that of the names messages and help list first ({@link #common}).
 */
public enum FigureKind {
    /** Verified responses per second ({@code throughput_rps}, also {@code throughput}). */
    THROUGHPUT("throughput_rps", Form.plain("throughput"), "Throughput", "req/s", Direction.HIGHER, Format.INTEGER,
            true, FigureValue.summary(CellSummary::throughputRps)),
    /**
     * Latency in milliseconds: {@code latency_<p>_ms} (also without {@code latency_}) with {@code <p>} one a load
     * document records ({@code LatencySummary}): the first five are listed first.
     */
    LATENCY("latency", Form.percentiles("latency_", "_ms", "p50", "p90", "p99", "p999", "max", "mean", "p75", "p9999"),
            "Latency", "ms", Direction.LOWER, Format.DECIMAL, true, FigureValue.percentile(CellSummary::latencyMs)),
    /** Failed responses as a fraction of all. */
    ERROR_RATE("error_rate", Form.plain(), "Error rate", "%", Direction.LOWER, Format.PERCENT, true,
            FigureValue.summary(CellSummary::errorRate)),
    /** Failed responses per repeat. */
    ERRORS("errors", Form.plain(), "Errors per repeat", "errors", Direction.LOWER, Format.INTEGER, true,
            FigureValue.summary(CellSummary::errors)),
    /** CPU time per response of one process, microseconds. */
    CPU_PER_REQUEST_US("cpu_per_request_us", Form.perProcess(), "CPU per request", "µs/req", Direction.LOWER,
            Format.DECIMAL, true, FigureValue.perProcess(CellSummary::cpuPerRequestUs)),
    /** Cores one process kept busy. */
    CPU_CORES("cpu_cores", Form.perProcess(), "CPU cores", "cores", Direction.LOWER, Format.DECIMAL, true,
            FigureValue.perProcess(CellSummary::cpuCores)),
    /** One process's largest resident set, MB. */
    RSS_MAX_MB("rss_max_mb", Form.perProcess(), "Max RSS", "MB", Direction.LOWER, Format.DECIMAL, true,
            FigureValue.perProcess(CellSummary::rssMaxMb)),
    /** How long the warm-up took, seconds. */
    WARMUP_S("warmup_s", Form.plain(), "Warm-up", "s", Direction.LOWER, Format.DECIMAL, true,
            FigureValue.summary(CellSummary::warmupS)),
    /** Exceptions, leaks and other findings in the cell's logs (all processes, all repeats). */
    LOG_FINDINGS("log_findings", Form.plain(), "Log findings", "findings", Direction.LOWER, Format.INTEGER, false,
            FigureValue::logFindings),
    /** How long the measured phase ran, seconds (the injector's own duration; the figures' denominator). */
    MEASURE_S("measure_s", Form.plain(), "Measured phase", "s", Direction.LOWER, Format.DECIMAL, false,
            FigureValue.load(LoadResult::durationS)),
    /**
     * Bytes received per second of the measured phase, headers and framing included, in KB/s of 1024 bytes (the unit
     * and meaning of ab's {@code Transfer rate}; wrk's {@code Transfer/sec} prints the same count in KB, MB or GB):
     * {@link LoadResult#bytesReceived} over the measured phase; none where the injector did not count it.
     */
    TRANSFER("transfer_kb_s", Form.plain("transfer"), "Transfer", "KB/s", Direction.HIGHER, Format.DECIMAL, false,
            FigureValue.load(l -> l.bytesPerS() / 1024)),
    /** One process's largest thread count over the repeat. */
    THREADS_MAX("threads_max", Form.perProcess(), "Max threads", "threads", Direction.LOWER, Format.INTEGER, false,
            FigureValue.processes(p -> (double) p.threadsMax())),
    /** One process's GC pauses in the measured phase (or its whole life: {@code ProcessStats.gcScope}). */
    GC_PAUSES("gc_pauses", Form.perProcess(), "GC pauses", "pauses", Direction.LOWER, Format.INTEGER, false,
            FigureValue.processes(p -> p.gcPauses() == null ? null : p.gcPauses().doubleValue())),
    /** One process's total GC pause time in the measured phase (or its whole life), milliseconds. */
    GC_PAUSE_MS("gc_pause_ms", Form.perProcess(), "GC pause total", "ms", Direction.LOWER, Format.DECIMAL, false,
            FigureValue.processes(ProcessStats::gcPauseMs)),
    /**
     * JIT compile time of one JVM during the measured phase, milliseconds (the evidence its watcher recorded from
     * HotSpot's counters); none for a process that is not a HotSpot JVM (a suite's own non-JVM command).
     */
    JIT_MS("jit_ms", Form.perProcess(), "JIT compile time in the measured phase", "ms", Direction.LOWER,
            Format.DECIMAL, false, FigureValue::jitMs);

    /** Whether a larger value of a figure is the better one. */
    public enum Direction {
        /** More is better (throughput). */
        HIGHER,
        /** Less is better (latency, errors, CPU, memory, time). */
        LOWER
    }

    /** How a figure's values are written. */
    public enum Format {
        /** A whole number with thousands separators. */
        INTEGER,
        /** A few decimals, fewer for large values. */
        DECIMAL,
        /** A fraction written as a percentage. */
        PERCENT,
        /** A ratio of a cell's figure to another cell's ({@code <figure>/<knob>=<value>}), two decimals. */
        RATIO
    }

    /** How a figure is read from a cell; see {@link FigureValue}. */
    @FunctionalInterface
    public interface Reading {
        /** The figure {@code name} (of this kind, not a ratio) of {@code cell}; {@link FigureValue#NONE} when it lacks it. */
        Stat read(CellResult cell, FigureName name);
    }

    /**
     * The forms a figure's name is written in.
     *
     * @param kind        plain (one value per cell), per percentile, or per process
     * @param aliases     other plain spellings of the name
     * @param prefix      for percentiles: the optional text before the percentile ({@code latency_})
     * @param suffix      for percentiles: the text after it ({@code _ms})
     * @param percentiles for percentiles: the ones a cell can have, those listed first in messages first
     */
    public record Form(Kind kind, List<String> aliases, String prefix, String suffix, List<String> percentiles) {

        /** How many values of a figure a cell has. */
        public enum Kind {
            /** One: {@code errors}. */
            PLAIN,
            /** One per percentile: {@code latency_p99_ms}. */
            PERCENTILE,
            /** One per process, the first target process's unless one is named: {@code cpu_cores.backend}. */
            PER_PROCESS
        }

        static Form plain(String... aliases) {
            return new Form(Kind.PLAIN, List.of(aliases), null, null, List.of());
        }

        static Form percentiles(String prefix, String suffix, String... percentiles) {
            return new Form(Kind.PERCENTILE, List.of(), prefix, suffix, List.of(percentiles));
        }

        static Form perProcess() {
            return new Form(Kind.PER_PROCESS, List.of(), null, null, List.of());
        }
    }

    /** How many percentiles of a percentile figure are listed first in messages (p50 to max). */
    private static final int COMMON_PERCENTILES = 5;

    private final String key;
    private final Form form;
    private final String label;
    private final String unit;
    private final Direction direction;
    private final Format format;
    private final boolean common;
    private final Reading reading;
    private final Pattern pattern;

    FigureKind(String key, Form form, String label, String unit, Direction direction, Format format, boolean common,
               Reading reading) {
        this.key = key;
        this.form = form;
        this.label = label;
        this.unit = unit;
        this.direction = direction;
        this.format = format;
        this.common = common;
        this.reading = reading;
        this.pattern = switch (form.kind()) {
            case PLAIN -> Pattern.compile(Stream.concat(Stream.of(key), form.aliases().stream()).map(Pattern::quote)
                    .collect(Collectors.joining("|")), Pattern.CASE_INSENSITIVE);
            case PERCENTILE -> Pattern.compile("(?:" + Pattern.quote(form.prefix()) + ")?("
                    + String.join("|", form.percentiles()) + ")" + Pattern.quote(form.suffix()), Pattern.CASE_INSENSITIVE);
            case PER_PROCESS -> Pattern.compile(Pattern.quote(key) + "(?:\\.([\\w.-]+))?", Pattern.CASE_INSENSITIVE);
        };
    }

    /** The base name: {@code throughput_rps}, {@code latency}, {@code cpu_cores} ... */
    public String key() {
        return key;
    }

    public Form form() {
        return form;
    }

    /** What tables and trends call it: {@code Throughput}, {@code Latency}, {@code CPU cores} ... */
    public String label() {
        return label;
    }

    /** The unit column headers show: {@code req/s}, {@code ms}, {@code %} ... */
    public String unit() {
        return unit;
    }

    public Direction direction() {
        return direction;
    }

    /** True when more of this figure is better (throughput); false for latency, errors, CPU, memory and time. */
    public boolean higherIsBetter() {
        return direction == Direction.HIGHER;
    }

    public Format format() {
        return format;
    }

    /** The figure {@code name} of {@code cell}, by this kind's reading. */
    Stat read(CellResult cell, FigureName name) {
        return reading.read(cell, name);
    }

    /**
     * What a table calls the figure {@code name} of this kind: the label, with the percentile ({@code Latency p99}) or
     * the process ({@code CPU cores of backend}, {@code ... of the target} for the first target process).
     */
    public String label(FigureName name) {
        return switch (form.kind()) {
            case PLAIN -> label;
            case PERCENTILE -> label + " " + name.percentile();
            case PER_PROCESS -> label + " of " + (name.process() == null ? "the target" : name.process());
        };
    }

    /** The figure {@code name} (no ratio) names, with {@code key} as written; empty when it names none of this kind. */
    Optional<FigureName> match(String key, String name) {
        Matcher m = pattern.matcher(name);
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(switch (form.kind()) {
            case PLAIN -> new FigureName(key, this.key, null, null, null, null);
            case PERCENTILE -> new FigureName(key, this.key, m.group(1).toLowerCase(Locale.ROOT), null, null, null);
            case PER_PROCESS -> new FigureName(key, this.key, null, m.group(1), null, null);
        });
    }

    /** The kind whose base name is {@code key}; empty when none is. */
    public static Optional<FigureKind> byKey(String key) {
        return Optional.ofNullable(BY_KEY.get(key));
    }

    private static final Map<String, FigureKind> BY_KEY = Arrays.stream(values())
            .collect(Collectors.toUnmodifiableMap(FigureKind::key, k -> k));

    /** Every base name, in this table's order. */
    public static List<String> keys() {
        return Arrays.stream(values()).map(FigureKind::key).toList();
    }

    /** The names messages and help list first: a common plain or per-process figure, and p50 to max of a percentile one. */
    static List<String> common() {
        return Arrays.stream(values()).filter(k -> k.common).flatMap(k -> k.names(0, COMMON_PERCENTILES)).toList();
    }

    /** The others, in words: the rarer percentiles, naming a process, the figures not listed first, ratios. */
    static String others() {
        List<String> parts = new ArrayList<>(Arrays.stream(values()).filter(k -> k.common)
                .flatMap(k -> k.names(COMMON_PERCENTILES, Integer.MAX_VALUE)).toList());
        parts.add("and " + CPU_CORES.key + ".<process> etc. for a named process");
        Arrays.stream(values()).filter(k -> !k.common).map(FigureKind::key).forEach(parts::add);
        parts.add("and ratios such as " + THROUGHPUT.key + "/target=netty");
        return "also " + String.join(", ", parts);
    }

    /** The full names of this kind from its {@code from}th to its {@code to}th percentile, or its key when it has none. */
    private Stream<String> names(int from, int to) {
        if (form.kind() != Form.Kind.PERCENTILE) {
            return from == 0 ? Stream.of(key) : Stream.empty();
        }
        List<String> ps = form.percentiles();
        return ps.subList(Math.min(from, ps.size()), Math.min(to, ps.size())).stream()
                .map(p -> form.prefix() + p + form.suffix());
    }
}
