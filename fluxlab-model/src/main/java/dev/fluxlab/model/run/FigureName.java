package dev.fluxlab.model.run;

import dev.fluxlab.model.Refusal;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names of the figures a table can show (a suite's {@code tables[].value}), parsed once for every reader: the
 * suite check accepts exactly what {@link #parse(String)} accepts, and the report reads the parsed parts. The figures
 * and their forms are {@link FigureKind}'s table; this adds the ratio and the refusal. Today's names:
 * <ul>
 *   <li>{@code throughput_rps} (also {@code throughput}), {@code errors}, {@code error_rate}, {@code warmup_s},
 *       {@code measure_s}, {@code log_findings};</li>
 *   <li>latency: {@code latency_<p>_ms} with {@code <p>} one of {@code mean}, {@code max} or a percentile such as
 *       {@code p99} or {@code p999} (also written without {@code latency_});</li>
 *   <li>per process: {@code cpu_cores}, {@code cpu_per_request_us}, {@code rss_max_mb}, {@code threads_max},
 *       {@code gc_pauses}, {@code gc_pause_ms}, of the first target process or
 *       of a named one with {@code .<process>} ({@code cpu_cores.backend});</li>
 *   <li>a ratio to another cell: {@code <figure>/<knob>=<value>} ({@code throughput_rps/target=netty}).</li>
 * </ul>
 *
 * @param key        the name as written
 * @param figure     the base figure: one of {@link #BASES} (a {@link FigureKind}'s key; another is refused)
 * @param percentile for {@code latency}: {@code mean}, {@code max}, {@code p50}...; null otherwise
 * @param process    for a per-process figure: the named process, null for the first target process
 * @param ratioKnob  for a ratio: the knob whose value is fixed in the reference cell; null otherwise
 * @param ratioValue for a ratio: that value
 */
public record FigureName(String key, String figure, String percentile, String process, String ratioKnob,
                         String ratioValue) {

    public static final String THROUGHPUT = FigureKind.THROUGHPUT.key();
    public static final String LATENCY = FigureKind.LATENCY.key();
    /** Per-process figures: a value for each process of the cell. */
    public static final List<String> PER_PROCESS = Arrays.stream(FigureKind.values())
            .filter(k -> k.form().kind() == FigureKind.Form.Kind.PER_PROCESS).map(FigureKind::key).toList();
    /** Every base figure. */
    public static final List<String> BASES = FigureKind.keys();
    /** The common names, for messages and help. */
    public static final List<String> COMMON = FigureKind.common();
    /** What messages add to {@link #COMMON}: the other names, in words. */
    private static final String OTHERS = FigureKind.others();

    private static final Pattern RATIO = Pattern.compile("(.+)/\\s*([\\w.-]+)\\s*=\\s*([^/=]*[^/=\\s])\\s*");

    /** Refuses a base figure no {@link FigureKind} declares. */
    public FigureName {
        if (FigureKind.byKey(figure).isEmpty()) {
            throw new IllegalArgumentException(Refusal.unknown("figure", figure, BASES, null));
        }
    }

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
        for (FigureKind kind : FigureKind.values()) {
            Optional<FigureName> named = kind.match(key, name);
            if (named.isPresent()) {
                return named.get();
            }
        }
        return null;
    }

    /** The figure this names ({@link #figure}'s entry in the table). */
    public FigureKind kind() {
        return FigureKind.byKey(figure).orElseThrow();
    }

    /** The same figure without its ratio: what each of the two cells of a ratio is read as. */
    public FigureName base() {
        return isRatio() ? new FigureName(key, figure, percentile, process, null, null) : this;
    }

    /** True when {@code other} names the same figure however written ({@code throughput} and {@code throughput_rps}). */
    public boolean sameAs(FigureName other) {
        return other != null && figure.equals(other.figure) && java.util.Objects.equals(percentile, other.percentile)
                && java.util.Objects.equals(process, other.process) && java.util.Objects.equals(ratioKnob, other.ratioKnob)
                && java.util.Objects.equals(ratioValue, other.ratioValue);
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
