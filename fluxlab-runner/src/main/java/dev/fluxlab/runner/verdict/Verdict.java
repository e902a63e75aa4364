package dev.fluxlab.runner.verdict;

import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.LogFinding;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.stats.Trend;
import dev.fluxlab.model.theory.TheoryCeiling;
import dev.fluxlab.model.warmup.WarmupPolicy;
import dev.fluxlab.runner.observe.LogScanner;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Judges a repeat and a cell: valid, or invalid with reasons in plain words. Reasons that do not invalidate
 * (log findings other than fatal ones, a noisy spread) start with {@code warning:}; those that say why a usual warning
 * does not apply start with {@link CellResult#NOTE}.
 *
 * <p>A JVM that compiled in the measured phase, or a warm-up that did not settle, warns that the figures may be those
 * of a cold JVM, unless the repeat's throughput is at the ceiling its blocking placement allows
 * ({@link TheoryCeiling}, {@link RepeatFacts#ceilingRps}): then the JIT cannot have held it down by more than the few
 * percent it lies below, and the warning becomes a note saying so. Only that evidence turns a warning into a note,
 * and only for these two: a suite that requires a settled warm-up ({@code require_stable_warmup}) still fails the
 * repeat (the ceiling vouches for its throughput, not for its latency), and a throughput still moving through the
 * measured phase is flagged whatever its level.
 */
public final class Verdict {

    /** The outcome: trustworthy or not, and why. */
    public record Outcome(boolean valid, List<String> reasons) {
    }

    public static final String WARNING = "warning: ";
    /**
     * What to do about a measured window the warm-up ended too early for (a JIT still compiling, a throughput ramp):
     * the suite keys that lengthen it.
     */
    static final String WARM_UP_LONGER = "warm up longer (warmup_max, cold_warmup_min)";

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
                        + (errors > 0 ? " (" + errors + " errors: " + l.describeErrors() + ")" : ""));
            } else if (l.errorRate() > t.maxErrorRate()) {
                invalid.add(String.format(Locale.ROOT, "error rate %s above the %s threshold (%d of %d requests failed: %s)",
                        pct(l.errorRate()), pct(t.maxErrorRate()), errors, total, l.describeErrors()));
            }
            behindSchedule(l).ifPresent(invalid::add);
            if (l.stalledRequests() != null && l.stalledRequests() > 0) {
                invalid.add(String.format(Locale.ROOT, "%,d request%s written in the measured window still had no "
                        + "answer at its end after twice the slowest recorded response: the target stalled there, and "
                        + "the latency figures lack its worst part (see the injector's log)", l.stalledRequests(),
                        l.stalledRequests() == 1 ? "" : "s"));
            }
            Optional<TheoryCeiling> atCeiling = TheoryCeiling.of(l.throughputRps(), f.ceilingRps(), l.durationS());
            List<String> notes = new ArrayList<>();
            for (String c : l.stillCompiling()) {
                atCeiling.ifPresentOrElse(k -> notes.add(CellResult.NOTE + c + ", " + k.why()),
                        () -> warnings.add(WARNING + c + "; " + WARM_UP_LONGER));
            }
            burstiness(l).ifPresent(b -> warnings.add(WARNING + b));
            drift(l).ifPresent(d -> warnings.add(WARNING + d));
            if (f.autoWarmup() && Boolean.FALSE.equals(l.warmupStable())) {
                String unsettled = String.format(Locale.ROOT, "warm-up never stabilised (%s after %.0fs)",
                        Boolean.FALSE.equals(l.warmupJitQuiet()) ? "a JVM was still compiling"
                                : "throughput still changing", l.warmupS());
                String s = unsettled + "; allow it longer (warmup_max)";
                if (t.requireStableWarmup()) {
                    invalid.add(s);
                } else if (atCeiling.isPresent()) {
                    notes.add(CellResult.NOTE + unsettled + ", " + atCeiling.get().why());
                } else {
                    warnings.add(WARNING + s);
                }
            }
            warnings.addAll(notes);
        }
        saturation("injector", f.injectorCpuCores(), f.injectorUsableCores(), f.injectorCpuShare(), t)
                .ifPresent(invalid::add);
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

    /** Share of an open model's intended requests that may go unsent before the cell no longer ran at its rate. */
    public static final double MAX_MISSED_SHARE = 0.01;

    /**
     * An open-model window that did not deliver its rate: more than {@value #MAX_MISSED_SHARE} of the requests the rate
     * intended in the window were never sent (no connection was free: the target, or the injector, could not keep
     * up). Its throughput is what an overloaded system managed, not the load the cell names; a 200 req/s cell that
     * sent 42 req/s, with a corrected p99 of 4 s, had passed as valid.
     */
    static Optional<String> behindSchedule(LoadResult l) {
        if (!"open".equals(l.model()) || l.rateRps() == null || l.rateRps() <= 0 || l.durationS() <= 0) {
            return Optional.empty();
        }
        double intended = l.rateRps() * l.durationS();
        if (l.missedRequests() <= Math.max(1, MAX_MISSED_SHARE * intended)) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "open model behind schedule: %,d of the %,.0f requests its %s req/s "
                + "intended in the measured window were never sent (%,d more left late) and it delivered %,.0f req/s: "
                + "the target (or the injector) could not keep the rate; lower `rate`, or read the cell as overload",
                l.missedRequests(), intended, trim(l.rateRps()), l.lateRequests(), l.throughputRps()));
    }

    /**
     * A request-bounded window ({@code requests: N}) that ended at its time bound before N requests had completed: its
     * figures are those of fewer requests than the cell names (76 of 200 had passed as valid).
     */
    public static Optional<String> requestShortfall(LoadResult l, Long requests) {
        return requestShortfall(l, requests, "the cell asks for");
    }

    /** As {@link #requestShortfall(LoadResult, Long)}, {@code whose} saying whose count it is (an injector's share). */
    public static Optional<String> requestShortfall(LoadResult l, Long requests, String whose) {
        if (l == null || requests == null) {
            return Optional.empty();
        }
        long done = l.requestsOk() + l.errorCount();
        if (done >= requests) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "measured %,d of the %,d requests %s: the measured "
                + "phase reached its time bound (`measure`, %.1f s) first; raise `measure` or lower `requests`",
                done, requests, whose, l.durationS()));
    }

    /**
     * A {@code measure: auto} window that reached {@code measure_max} before its throughput was known within the
     * precision asked ({@code precision}, a fraction): the injector said so in its log only, and the cell read as if
     * the precision had been met.
     */
    public static Optional<String> precisionNotReached(LoadResult l, Double precision) {
        if (l == null || precision == null || l.precisionPct() == null || l.precisionPct() <= precision * 100) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "precision not reached: the mean throughput is known within "
                + "±%.1f %% after %.1f s (`measure_max`), not the ±%.1f %% asked; raise `measure_max` or ask less",
                l.precisionPct(), l.durationS(), precision * 100));
    }

    /**
     * An open-model window in which more than {@value #MAX_MISSED_SHARE} of the requests left over a millisecond after
     * their intended time: the injector began the window behind its schedule (a backlog from the warm-up) or could not
     * keep it, so it sent bursts above the rate and the corrected latency carries the delay.
     */
    public static Optional<String> lateSends(LoadResult l) {
        if (l == null || !"open".equals(l.model()) || l.lateRequests() <= 0) {
            return Optional.empty();
        }
        long sent = l.requestsOk() + l.errorCount();
        if (sent <= 0 || l.lateRequests() <= MAX_MISSED_SHARE * sent) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "%,d of %,d requests (%.1f %%) went out more than 1 ms after their "
                + "intended time: the open model ran behind its schedule (sending in bursts above its rate), and the "
                + "corrected latency includes the delay", l.lateRequests(), sent, 100.0 * l.lateRequests() / sent));
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%,.2f", v);
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
    static Optional<String> burstiness(LoadResult l) {
        if (!"closed".equals(l.model()) || l.perSecond() == null || l.requestsOk() == 0 || l.connections() <= 0) {
            return Optional.empty();
        }
        double perSlot = (double) l.requestsOk() / ((double) l.connections() * Math.max(1, l.inFlight()));
        List<Long> seconds = l.measuredSeconds();
        if (perSlot >= MIN_COMPLETIONS_PER_SLOT || seconds.size() < 2) {
            return Optional.empty();
        }
        long min = seconds.stream().mapToLong(Long::longValue).min().orElse(0);
        long max = seconds.stream().mapToLong(Long::longValue).max().orElse(0);
        double mean = seconds.stream().mapToLong(Long::longValue).average().orElse(0);
        if (min > 0 && max <= 2 * mean) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "bursty: responses per second in the measured window "
                + "ranged from %d to %d (mean %.0f) and each of the %d concurrent requests completed only %.1f on average; "
                + "a %.0f s window cannot average such bursts, so the throughput depends on how many it caught: "
                + "lengthen `measure` to many burst periods", min, max, mean,
                l.connections() * Math.max(1, l.inFlight()), perSlot, l.durationS()));
    }

    /** What follows {@code still rising} or {@code still falling} in {@link #drift}'s warning. */
    private static final String DRIFT_MARK = " during the measurement: ";

    /** Whether {@code reason} is {@link #drift}'s warning (throughput still rising or falling while measured). */
    static boolean isRamp(String reason) {
        return reason.startsWith(WARNING + "still rising" + DRIFT_MARK)
                || reason.startsWith(WARNING + "still falling" + DRIFT_MARK);
    }

    /** Trend in the measured window above which the figure is flagged as still moving (per second, of the mean). */
    static final double MAX_MEASURED_TREND = 0.05;

    /**
     * Throughput still rising or falling through the measured window: the least-squares slope of its full seconds
     * (at least 4) beyond {@value #MAX_MEASURED_TREND} of their mean per second and at least 3 standard errors from
     * zero (a trend, not noise). A warm-up judged settled can still be followed by a C2 compilation (Spring WebFlux
     * on Undertow: 11-12k req/s for 5 s, then 13k, 15k, 21k in the measurement); the figure is then an average over a
     * ramp, and the cell says so.
     */
    static Optional<String> drift(LoadResult l) {
        if (l.perSecond() == null || l.requestsOk() == 0) {
            return Optional.empty();
        }
        List<Double> seconds = l.measuredSeconds().stream().map(Long::doubleValue).toList();
        if (seconds.size() < 4) {
            return Optional.empty();
        }
        int n = seconds.size();
        Trend trend = Trend.of(seconds);
        double slope = trend.mean() <= 0 ? 0 : trend.relativeSlope();
        // and a trend, not noise: the slope at least 3 standard errors from zero
        if (Math.abs(slope) <= MAX_MEASURED_TREND || !trend.beyondNoise(3)) {
            return Optional.empty();
        }
        if (slope > 0 && jitIdle(l)) {
            return Optional.of(String.format(Locale.ROOT, "throughput rose" + DRIFT_MARK + "from %,.0f to %,.0f req/s "
                            + "(%+.0f %% per second) while every watched JVM's compiler was idle, so not a warm-up ramp (a "
                            + "longer warm-up would not help) but the machine or the system moving (the VM's speed); the "
                            + "figure averages both levels: repeats, or a claim decided by interleaved trials, absorb "
                            + "such a step", seconds.get(0), seconds.get(n - 1), slope * 100));
        }
        if (slope < 0 && jitQuiet(l)) {
            return Optional.of(String.format(Locale.ROOT, "throughput fell" + DRIFT_MARK + "from %,.0f to %,.0f req/s "
                            + "(%+.0f %% per second) while no watched JVM compiled, so not a warm-up ramp (a longer "
                            + "warm-up would not help) but the machine or the system moving (the VM's speed, a GC); the "
                            + "figure averages both levels: repeats, or a claim decided by interleaved trials, absorb "
                            + "such a step", seconds.get(0), seconds.get(n - 1), slope * 100));
        }
        return Optional.of(String.format(Locale.ROOT, "still %s" + DRIFT_MARK + "throughput went from "
                        + "%,.0f to %,.0f req/s (%+.0f %% per second), so the figure averages a ramp; "
                        + WARM_UP_LONGER, slope > 0 ? "rising" : "falling", seconds.get(0),
                seconds.get(n - 1), slope * 100));
    }

    /**
     * Whether the JIT of every JVM the injector watched was read through the measured phase and none compiled there:
     * then a fall in throughput is no warm-up's doing. Compilation speeds a JVM up once done and takes CPU while it
     * runs, so a JVM still compiling can show a fall (its compiler threads take the cores) as well as a rise; a fall
     * with every compiler quiet cannot be cured by warming up longer. Unknown (nothing watched, counters unreadable)
     * is not quiet.
     */
    static boolean jitQuiet(LoadResult l) {
        return l.watchedJvms() != null && !l.watchedJvms().isEmpty()
                && l.watchedJvms().stream().allMatch(j -> j.measured() != null && !j.compiledWhileMeasured());
    }

    /**
     * The share of a JVM's compile floor ({@link WarmupPolicy#compileFloor}) under which its compiler counts as idle
     * through a measured phase, for a rise: 5 ms of compile time a second for a target, 25 for the injector.
     */
    static final double IDLE_SHARE_OF_FLOOR = 0.1;

    /**
     * Whether every watched JVM's compiler was idle through the measured phase: its counters read, no compiled code
     * invalidated, and its compile time under {@link #IDLE_SHARE_OF_FLOOR} of its floor. A rise needs more than
     * {@link #jitQuiet}: a JVM under its floor can still finish compilations, and one that lands lifts the throughput
     * (quick's http1.1 / nio / json / 16 cell rose 85k, 86k, 94k, 99k while its target, under its floor at 34 ms a
     * second, finished 280 compilations); a compiler idle through the window installs nothing that could (its
     * h2c / epoll / plaintext / 16 cell stepped 124k, 121k, 150k, 159k while its two JVMs compiled 1.1 and 1.6 ms a
     * second), so the rise is the machine's. A fall needs only {@link #jitQuiet}.
     */
    static boolean jitIdle(LoadResult l) {
        return jitQuiet(l) && l.watchedJvms().stream().allMatch(j -> j.measured().invalidations() == 0
                && j.measured().compileMsPerSecond() < IDLE_SHARE_OF_FLOOR * WarmupPolicy.compileFloor(j.role()));
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
                        : CellResult.isNote(reason) ? CellResult.NOTE + "repeat " + r.repeat() + ": "
                                + reason.substring(CellResult.NOTE.length())
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

    /**
     * Why an injector ({@code who}: {@code injector}, or {@code injector-2} of several, each judged on its own) is
     * CPU-saturated: it used at least the threshold's share of its usable cores; empty when it is not or the figures
     * are unknown (NaN cores, no usable cores).
     */
    public static Optional<String> saturation(String who, double cores, int usable, double share,
                                                        Thresholds t) {
        if (Double.isNaN(cores) || usable <= 0 || cores < t.injectorSaturation() * usable) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "%s CPU-saturated: %.2f of %d usable cores%s; the "
                        + "figures may show the injector's limit, not the target's", who, cores, usable,
                Double.isNaN(share) ? "" : String.format(Locale.ROOT,
                        " (%.0f %% of all CPU the processes used; injector and targets share this machine's cores)",
                        share * 100)));
    }
}
