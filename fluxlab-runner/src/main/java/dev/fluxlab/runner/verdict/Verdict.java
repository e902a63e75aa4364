package dev.fluxlab.runner.verdict;

import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.run.LogFinding;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.runner.observe.LogScanner;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Judges a repeat and a cell: valid, or invalid with reasons in plain words. Reasons that do not invalidate
 * (log findings other than fatal ones, a noisy spread) start with {@code warning:}.
 */
public final class Verdict {

    /** The outcome: trustworthy or not, and why. */
    public record Outcome(boolean valid, List<String> reasons) {
    }

    public static final String WARNING = "warning: ";

    private Verdict() {
    }

    public static Outcome repeat(RepeatFacts f, Thresholds t) {
        List<String> invalid = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        if (f.startProblem() != null) {
            invalid.add(f.startProblem());
        }
        for (String c : f.crashed()) {
            invalid.add(c + " exited before the run ended");
        }
        if (f.injectorProblem() != null) {
            invalid.add(f.injectorProblem());
        }
        LoadResult l = f.load();
        if (l != null) {
            long errors = l.errorCount();
            long total = l.requestsOk() + errors;
            if (l.requestsOk() == 0) {
                invalid.add("zero throughput: no verified response in the measured phase"
                        + (errors > 0 ? " (" + errors + " errors: " + l.errors() + ")" : ""));
            } else if (total > 0 && (double) errors / total > t.maxErrorRate()) {
                invalid.add(String.format(Locale.ROOT, "error rate %s above the %s threshold (%d of %d requests failed: %s)",
                        pct((double) errors / total), pct(t.maxErrorRate()), errors, total, l.errors()));
            }
            burstiness(l).ifPresent(b -> warnings.add(WARNING + b));
            if (f.autoWarmup() && Boolean.FALSE.equals(l.warmupStable())) {
                String s = String.format(Locale.ROOT, "warm-up never stabilised (throughput still changing after %.0fs)", l.warmupS());
                if (t.requireStableWarmup()) {
                    invalid.add(s);
                } else {
                    warnings.add(WARNING + s);
                }
            }
        }
        if (!Double.isNaN(f.injectorCpuCores()) && f.injectorUsableCores() > 0
                && f.injectorCpuCores() >= t.injectorSaturation() * f.injectorUsableCores()) {
            invalid.add(String.format(Locale.ROOT, "injector CPU-saturated: %.2f of %d usable cores%s; the figures may "
                            + "show the injector's limit, not the target's", f.injectorCpuCores(), f.injectorUsableCores(),
                    Double.isNaN(f.injectorCpuShare()) ? "" : String.format(Locale.ROOT,
                            " (%.0f %% of all CPU the processes used; injector and targets share this machine's cores)",
                            f.injectorCpuShare() * 100)));
        }
        for (LogFinding lf : f.findings()) {
            String s = lf.count() + " x " + lf.kind() + " in the log of " + lf.process();
            if (LogScanner.FATAL.contains(lf.kind())) {
                invalid.add(s);
            } else {
                warnings.add(WARNING + s);
            }
        }
        long findings = f.findings().stream().filter(lf -> !LogScanner.FATAL.contains(lf.kind()))
                .mapToLong(LogFinding::count).sum();
        if (t.maxLogFindings() != null && findings > t.maxLogFindings()) {
            invalid.add(findings + " log finding(s) (exceptions, leaks...) where the suite allows " + t.maxLogFindings()
                    + " (thresholds.max_log_findings): a target misbehaved under load");
        }
        List<String> reasons = new ArrayList<>(invalid);
        reasons.addAll(warnings);
        return new Outcome(invalid.isEmpty(), reasons);
    }

    /** Completions per concurrency slot below which a bursty window is too short to average. */
    static final double MIN_COMPLETIONS_PER_SLOT = 5;

    /**
     * A closed-model window too short for the way responses arrive. When a server answers in bursts (a blocked event
     * loop flushes 50 responses at once every 5 s) and each connection completes only a response or two in the
     * measured window, the count depends on how many bursts the window happens to catch: seed 002's endpoint 05
     * measured 67 req/s in 3 s windows where the long-run rate is 40. Flagged when every slot (connection x in_flight)
     * completed fewer than {@value #MIN_COMPLETIONS_PER_SLOT} responses and the full seconds of the window show a
     * second without completions or one above twice their mean.
     */
    static java.util.Optional<String> burstiness(LoadResult l) {
        if (!"closed".equals(l.model()) || l.perSecond() == null || l.requestsOk() == 0 || l.connections() <= 0) {
            return java.util.Optional.empty();
        }
        double perSlot = (double) l.requestsOk() / ((double) l.connections() * Math.max(1, l.inFlight()));
        List<Long> seconds = l.perSecond().stream()
                .filter(x -> "measure".equals(x.phase()) && x.t() <= Math.floor(l.durationS() + 1e-9))
                .map(dev.fluxlab.model.load.SecondSample::ok).toList();
        if (perSlot >= MIN_COMPLETIONS_PER_SLOT || seconds.size() < 2) {
            return java.util.Optional.empty();
        }
        long min = seconds.stream().mapToLong(Long::longValue).min().orElse(0);
        long max = seconds.stream().mapToLong(Long::longValue).max().orElse(0);
        double mean = seconds.stream().mapToLong(Long::longValue).average().orElse(0);
        if (min > 0 && max <= 2 * mean) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(String.format(Locale.ROOT, "bursty: responses per second in the measured window "
                + "ranged from %d to %d (mean %.0f) and each of the %d concurrent requests completed only %.1f on average; "
                + "a %.0f s window cannot average such bursts, so the throughput depends on how many it caught: "
                + "lengthen `measure` to many burst periods", min, max, mean,
                l.connections() * Math.max(1, l.inFlight()), perSlot, l.durationS()));
    }

    /** A cell is valid when every repeat is; its reasons name the repeat when there are several. */
    public static Outcome cell(List<RepeatResult> repeats, double throughputSpread) {
        boolean valid = !repeats.isEmpty();
        List<String> reasons = new ArrayList<>();
        for (RepeatResult r : repeats) {
            valid &= r.valid();
            for (String reason : r.reasons()) {
                String text = repeats.size() == 1 ? reason
                        : reason.startsWith(WARNING) ? WARNING + "repeat " + r.repeat() + ": " + reason.substring(WARNING.length())
                        : "repeat " + r.repeat() + ": " + reason;
                if (!reasons.contains(text)) {
                    reasons.add(text);
                }
            }
        }
        if (repeats.isEmpty()) {
            reasons.add("no repeat ran");
        }
        if (throughputSpread > 0.10) {
            reasons.add(String.format(Locale.ROOT, WARNING + "noisy: throughput varies by ±%.0f %% across repeats",
                    throughputSpread * 100));
        }
        return new Outcome(valid, reasons);
    }

    static String pct(double fraction) {
        return String.format(Locale.ROOT, "%.3g %%", fraction * 100);
    }
}
