package dev.fluxlab.model.run;

import dev.fluxlab.model.Refusal;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names of the figures a table can show (a suite's {@code tables[].value}), parsed once for every reader: the
 * suite check accepts exactly what {@link #parse(String)} accepts, and the report reads the parsed parts.
 * <ul>
 *   <li>{@code throughput_rps} (also {@code throughput}), {@code errors}, {@code error_rate}, {@code warmup_s},
 *       {@code log_findings};</li>
 *   <li>latency: {@code latency_<p>_ms} with {@code <p>} one of {@code mean}, {@code max} or a percentile such as
 *       {@code p99} or {@code p999} (also written without {@code latency_});</li>
 *   <li>per process: {@code cpu_cores}, {@code cpu_per_request_us}, {@code rss_max_mb}, of the first target process or
 *       of a named one with {@code .<process>} ({@code cpu_cores.backend});</li>
 *   <li>a ratio to another cell: {@code <figure>/<knob>=<value>} ({@code throughput_rps/target=netty}).</li>
 * </ul>
 *
 * @param key        the name as written
 * @param figure     the base figure: one of {@link #BASES}
 * @param percentile for {@code latency}: {@code mean}, {@code max}, {@code p50}...; null otherwise
 * @param process    for a per-process figure: the named process, null for the first target process
 * @param ratioKnob  for a ratio: the knob whose value is fixed in the reference cell; null otherwise
 * @param ratioValue for a ratio: that value
 */
public record FigureName(String key, String figure, String percentile, String process, String ratioKnob,
                         String ratioValue) {

    public static final String THROUGHPUT = "throughput_rps";
    public static final String LATENCY = "latency";
    /** Per-process figures: a value for each process of the cell. */
    public static final List<String> PER_PROCESS = List.of("cpu_per_request_us", "cpu_cores", "rss_max_mb");
    /** Every base figure. */
    public static final List<String> BASES = List.of(THROUGHPUT, LATENCY, "errors", "error_rate", "warmup_s",
            "log_findings", "cpu_per_request_us", "cpu_cores", "rss_max_mb");
    /** The common names, for messages and help. */
    public static final List<String> COMMON = List.of(THROUGHPUT, "latency_p50_ms", "latency_p90_ms", "latency_p99_ms",
            "latency_p999_ms", "latency_max_ms", "error_rate", "errors", "cpu_per_request_us", "cpu_cores", "rss_max_mb",
            "warmup_s");
    /** What messages add to {@link #COMMON}: the other names, in words. */
    private static final String OTHERS = "also latency_mean_ms, latency_p75_ms, latency_p9999_ms, and "
            + "cpu_cores.<process> etc. for a named process, log_findings, and ratios such as "
            + "throughput_rps/target=netty";

    private static final Pattern RATIO = Pattern.compile("(.+)/\\s*([\\w.-]+)\\s*=\\s*([^/=]*[^/=\\s])\\s*");
    /** The latency figures a load document records ({@code LatencySummary}): no other percentile has a value. */
    private static final Pattern LATENCY_NAME = Pattern.compile("(?:latency_)?(mean|max|p50|p75|p90|p99|p999|p9999)_ms");
    private static final Pattern PROCESS_NAME = Pattern.compile("(cpu_cores|cpu_per_request_us|rss_max_mb)(?:\\.([\\w.-]+))?",
            Pattern.CASE_INSENSITIVE);

    /**
     * The longest text that may name a figure: real names are a few dozen characters, and a longer one (from a suite
     * or a results.json) is not handed to the ratio pattern, whose backtracking grows with the square of its length.
     */
    static final int MAX_LENGTH = 256;

    /** The figure named {@code key}; null when it names none (blank or longer than {@value #MAX_LENGTH} included). */
    public static FigureName parse(String key) {
        if (key == null || key.isBlank() || key.length() > MAX_LENGTH) {
            return null;
        }
        String k = key.strip();
        Matcher ratio = RATIO.matcher(k);
        if (ratio.matches()) {
            FigureName base = plain(k, ratio.group(1).strip());
            return base == null ? null : new FigureName(k, base.figure, base.percentile, base.process, ratio.group(2),
                    ratio.group(3));
        }
        return plain(k, k);
    }

    private static FigureName plain(String key, String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.equals("throughput")) {
            lower = THROUGHPUT;
        }
        if (BASES.contains(lower) && !lower.equals(LATENCY)) {
            return new FigureName(key, lower, null, null, null, null);
        }
        Matcher latency = LATENCY_NAME.matcher(lower);
        if (latency.matches()) {
            return new FigureName(key, LATENCY, latency.group(1), null, null, null);
        }
        Matcher process = PROCESS_NAME.matcher(name);
        if (process.matches()) {
            return new FigureName(key, process.group(1).toLowerCase(Locale.ROOT), null, process.group(2), null, null);
        }
        return null;
    }

    /** True when {@code key} names a figure. */
    public static boolean isFigure(String key) {
        return parse(key) != null;
    }

    /** True for a ratio to another cell ({@code <figure>/<knob>=<value>}). */
    public boolean isRatio() {
        return ratioKnob != null;
    }

    /** What names are accepted, for error messages. */
    public static String accepted() {
        return String.join(", ", COMMON) + " (" + OTHERS + ")";
    }

    /**
     * The refusal of {@code value}, which names no figure, in the lab's one wording ({@link Refusal#unknown}): the
     * common names, then the others in words.
     *
     * @param what where the name was written ("table value")
     */
    public static String refusal(String what, String value) {
        return Refusal.unknown(what, value, COMMON, OTHERS);
    }
}
