package dev.fluxlab.model.contract;

import java.util.Locale;
import java.util.Optional;

/**
 * The machine progress line a load process prints on stdout once a second (docs/contracts.md):
 * {@code fluxlab-progress phase=<warmup|measure> t=<s> ok=<n> errors=<n> rps=<n>}, and one {@code phase=end} line
 * when the measured phase is over. The injector formats it, the
 * runner parses it to follow the phases (the start of the measured phase opens the CPU window).
 */
public record ProgressLine(String phase, double t, long ok, long errors, double rps) {

    public static final String PREFIX = "fluxlab-progress";
    /** The phase of the unrecorded warm-up's lines; also the {@code phase} of a load document's warm-up seconds. */
    public static final String WARMUP_PHASE = "warmup";
    /** The phase of the measured phase's lines; also the {@code phase} of a load document's measured seconds. */
    public static final String MEASURE_PHASE = "measure";
    /**
     * The phase of the one line fluxlab's injector prints the moment its measured phase is over ({@code t} = measured
     * seconds, counts 0), before it shuts down: the runner stops the profilers on it.
     */
    public static final String END_PHASE = "end";

    /** The line as printed: whole seconds without a fraction, the rate rounded to a whole number. */
    public String format() {
        String time = t == Math.rint(t) ? Long.toString((long) t) : Double.toString(t);
        return String.format(Locale.ROOT, "%s phase=%s t=%s ok=%d errors=%d rps=%.0f", PREFIX, phase, time, ok, errors,
                rps);
    }

    public static Optional<ProgressLine> parse(String line) {
        if (line == null || !line.startsWith(PREFIX + " ")) {
            return Optional.empty();
        }
        String phase = null;
        double t = 0;
        double rps = 0;
        long ok = 0;
        long errors = 0;
        try {
            for (String tok : line.substring(PREFIX.length()).trim().split("\\s+")) {
                int eq = tok.indexOf('=');
                if (eq <= 0) {
                    continue;
                }
                String k = tok.substring(0, eq);
                String v = tok.substring(eq + 1);
                switch (k) {
                    case "phase" -> phase = v;
                    case "t" -> t = Double.parseDouble(v);
                    case "ok" -> ok = Long.parseLong(v);
                    case "errors" -> errors = Long.parseLong(v);
                    case "rps" -> rps = Double.parseDouble(v);
                    default -> {
                    }
                }
            }
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        return phase == null ? Optional.empty() : Optional.of(new ProgressLine(phase, t, ok, errors, rps));
    }
}
