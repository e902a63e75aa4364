package dev.fluxlab.loadgen;

import dev.fluxlab.model.contract.ProgressLine;
import dev.fluxlab.model.http.WireProtocol;
import dev.fluxlab.model.load.UdpSockets;
import dev.fluxlab.model.stats.MeanPrecision;
import dev.fluxlab.probe.JitWatch;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The measured window, and what it hands to the collection: it opens right after the warm-up (the open model's unsent
 * warm-up backlog dropped first) and ends by one of three rules, {@code measure: auto} (a precision), a fixed
 * duration, or a request count; a stop ends it at once. The injector's CPU clocks and the JIT counters are read just
 * outside its bounds, and the loops stop sending as soon as it has ended.
 *
 * @param start       when it opened ({@link System#nanoTime()})
 * @param startMillis when it opened, wall clock
 * @param end         when it ended ({@link System#nanoTime()}), the count mode's at its last completion
 * @param precision   {@code measure: auto}: the mean throughput's relative half-width reached, null when none was
 *                    known or the rule was another
 * @param cutShort    a stop ended it before its rule did (a stop asked after its end, while the loops' tallies are
 *                    collected, leaves a full window)
 * @param cpuAtStart  the injector's CPU clocks as it opened
 * @param cpuAtEnd    the injector's CPU clocks as it closed
 * @param udpAtStart  HTTP/3: the kernel's UDP drop counters as it opened (null for the other protocols, or unreadable)
 * @param udpAtEnd    HTTP/3: the same as it closed
 */
record MeasuredWindow(long start, long startMillis, long end, Double precision, boolean cutShort,
                      InjectorCpu.Clocks cpuAtStart, InjectorCpu.Clocks cpuAtEnd,
                      UdpSockets.Counters udpAtStart, UdpSockets.Counters udpAtEnd) {

    /** How often the count mode's wait for its last response looks for a stop. */
    private static final long STOP_POLL_NANOS = 50_000_000L;

    /** A warm-up backlog (dropped at the measured phase's start) above this many seconds of sends is reported. */
    private static final double BACKLOG_SECONDS = 0.01;

    /**
     * How the window ended: when, the precision reached ({@code measure: auto} only), and whether a stop ended it
     * before its rule.
     */
    private record End(long at, Double precision, boolean cutShort) {
    }

    /** The window's length in seconds. */
    double seconds() {
        return (end - start) / 1e9;
    }

    /** Measures {@code run} after {@code warmup}: opens the window, waits for its end and closes it. */
    static MeasuredWindow measure(LoadRun run, Warmup warmup) throws InterruptedException {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        UdpKernel udp = run.spec().protocol() == WireProtocol.H3 ? new UdpKernel() : null;
        UdpSockets.Counters udpAtStart = udp == null ? null : udp.counters();
        InjectorCpu.Clocks cpuAtStart = InjectorCpu.Clocks.atStart(threads, run.tids());
        warmup.jit().measureStarted();
        long start = System.nanoTime();
        long behind = dropBacklog(run, start);
        open(run, start);
        if (!warmup.loopsStarted()) {
            run.startLoops(start);
        }
        long startMillis = System.currentTimeMillis();
        SecondTicker ticker = new SecondTicker(ProgressLine.MEASURE_PHASE, start, run.workers(), run.perSecond(),
                run.progress(), warmup.jit());
        warnBacklog(run, behind);
        End end = untilEnd(run, ticker, start);
        InjectorCpu.Clocks cpuAtEnd = InjectorCpu.Clocks.atEnd(threads, run.tids());
        UdpSockets.Counters udpAtEnd = udp == null ? null : udp.counters();
        close(run, warmup.jit(), ticker);
        return new MeasuredWindow(start, startMillis, end.at(), end.precision(), end.cutShort(), cpuAtStart,
                cpuAtEnd, udpAtStart, udpAtEnd);
    }

    /**
     * Open model: drops the warm-up's unsent backlog on each loop before the window opens, so no send of it counts in
     * the window; returns how many requests were dropped.
     */
    private static long dropBacklog(LoadRun run, long start) throws InterruptedException {
        long behind = 0;
        for (LoopWorker w : run.spec().openModel() ? run.workers() : List.<LoopWorker>of()) {
            behind += LoadGenerator.on(w, () -> w.dropBacklog(start));
        }
        return behind;
    }

    /**
     * Opens the window at {@code start}, at once: a completion before the phase's first tick belongs to it, in the
     * tally as in the per-second series. A fixed window knows its end now; {@code measure: auto} and a count find
     * theirs later.
     */
    private static void open(LoadRun run, long start) {
        LoadSpec spec = run.spec();
        boolean fixed = spec.precision() == null && spec.requests() == null;
        run.ctl().openMeasure(start, fixed ? start + spec.duration().toNanos() : Long.MAX_VALUE);
    }

    /** Warns of a dropped warm-up backlog above {@link #BACKLOG_SECONDS} of sends. */
    private static void warnBacklog(LoadRun run, long behind) {
        LoadSpec spec = run.spec();
        if (spec.openModel() && behind > Math.max(1, spec.rate() * BACKLOG_SECONDS)) {
            run.warnings().record(backlogWarning(behind, spec.rate()));
        }
    }

    /** The warning of a dropped warm-up backlog of {@code behind} requests at {@code rate} req/s. */
    static String backlogWarning(long behind, double rate) {
        return String.format(Locale.ROOT, "the warm-up ended %d requests behind schedule (%.0f ms of sends at %s "
                + "req/s): they were dropped, not sent, so the measured phase follows its own schedule from its start; "
                + "the target (or the injector) was still catching up when the warm-up ended, and a longer --warmup "
                + "(or auto) measures the steady state", behind, behind / rate * 1e3, HumanReport.rate(rate));
    }

    /** Ticks the window's seconds until the spec's ending rule ends it. */
    private static End untilEnd(LoadRun run, SecondTicker ticker, long start) throws InterruptedException {
        if (run.spec().precision() != null) {
            return untilPrecise(run, ticker, start);
        }
        if (run.spec().requests() == null) {
            return forDuration(run, ticker, start);
        }
        return untilCount(run, ticker, start);
    }

    /**
     * {@code measure: auto}: at least {@code --duration}, then until the mean throughput is known within
     * {@code --precision}, at most {@code --max-duration}.
     */
    private static End untilPrecise(LoadRun run, SecondTicker ticker, long start) throws InterruptedException {
        LoadSpec spec = run.spec();
        long least = start + spec.duration().toNanos();
        long bound = start + Math.max(spec.duration().toNanos(), spec.maxDuration().toNanos());
        List<Double> seconds = new ArrayList<>();
        double precision = Double.POSITIVE_INFINITY;
        boolean stopped = false;
        while (ticker.nextTick() <= bound) {
            if (run.stop().sleepUntil(ticker.nextTick())) {
                stopped = true;
                break;
            }
            ticker.tick();
            seconds.add((double) ticker.lastSecondOk());
            precision = MeanPrecision.relativeHalfWidth(seconds);
            if (ticker.nextTick() > least && precision <= spec.precision()) {
                break;
            }
        }
        long end = System.nanoTime();
        run.ctl().measureEnd = end;
        Double achieved = Double.isInfinite(precision) ? null : precision;
        if (!(precision <= spec.precision()) && !stopped) {
            run.warnings().add(String.format(Locale.ROOT, "precision not reached: the mean throughput was known "
                            + "within %s after --max-duration %.0fs, not the ±%.1f %% asked for",
                    achieved == null ? "no bound" : String.format(Locale.ROOT, "±%.1f %%", achieved * 100),
                    spec.maxDuration().toMillis() / 1e3, spec.precision() * 100));
        }
        return new End(end, achieved, stopped);
    }

    /** A fixed duration: the end set when the window opened, or earlier at a stop. */
    private static End forDuration(LoadRun run, SecondTicker ticker, long start) throws InterruptedException {
        LoadStop stop = run.stop();
        long end = start + run.spec().duration().toNanos();
        boolean stopped = false;
        while (!stopped && ticker.nextTick() <= end) {
            stopped = stop.sleepUntil(ticker.nextTick());
            if (!stopped) {
                ticker.tick();
            }
        }
        if (!stopped) {
            stopped = stop.sleepUntil(end);
        }
        if (stopped) {
            end = System.nanoTime();
            run.ctl().measureEnd = end;
        }
        return new End(end, null, stopped);
    }

    /**
     * A request count: until the loops' budget is spent (the last completion sets the end), at most
     * {@code --max-duration}, looking for a stop every {@link #STOP_POLL_NANOS}.
     */
    private static End untilCount(LoadRun run, SecondTicker ticker, long start) throws InterruptedException {
        LoadSpec spec = run.spec();
        RunControl ctl = run.ctl();
        LoadStop stop = run.stop();
        long bound = start + spec.maxDuration().toNanos();
        boolean reached = false;
        while (!reached && !stop.requested()) {
            long wake = Math.min(Math.min(ticker.nextTick(), bound), System.nanoTime() + STOP_POLL_NANOS);
            reached = ctl.countReached.await(Math.max(0, wake - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (!reached && System.nanoTime() >= ticker.nextTick() && ticker.nextTick() <= bound) {
                ticker.tick();
            }
            if (!reached && System.nanoTime() >= bound) {
                break;
            }
        }
        if (reached) {
            return new End(ctl.measureEnd, null, false);
        }
        long end = System.nanoTime();
        ctl.measureEnd = end;
        boolean stopped = stop.requested();
        if (!stopped) {
            run.warnings().add("the measured phase hit --max-duration before " + spec.requests()
                    + " requests completed");
        }
        return new End(end, null, stopped);
    }

    /** After the end: the loops stop sending, the JIT counters are read, progress hears the phase is over. */
    private static void close(LoadRun run, JitWatch jit, SecondTicker ticker) {
        run.ctl().stopping = true;
        jit.measureEnded();
        run.progress().measureEnded(ticker.seconds());
    }
}
