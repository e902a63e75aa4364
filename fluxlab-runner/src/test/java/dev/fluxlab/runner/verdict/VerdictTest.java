package dev.fluxlab.runner.verdict;

import dev.fluxlab.model.load.JitActivity;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.load.WatchedJvm;
import dev.fluxlab.model.run.LogFinding;
import dev.fluxlab.model.run.ProcessStats;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.CellSummary;
import dev.fluxlab.model.run.Summaries;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VerdictTest {

    static LoadResult load(long ok, long errors, Boolean stable, double rps) {
        return new LoadResult(LoadResult.SCHEMA, "http://127.0.0.1:1/", "h2c", "closed", "GET", 16, 1, null, 3, stable,
                10, ok, errors == 0 ? Map.of() : Map.of("reset", errors), rps, null, 0, 0, 1, 0.1, List.of(), null, "us", null, null, null, null, null, null, null, null, null);
    }

    static RepeatFacts facts(LoadResult l) {
        return new RepeatFacts(null, List.of(), null, l, List.of(), 0.5, 2, 0.3, true);
    }

    private static LoadResult blocking(long... okPerSecond) {
        List<dev.fluxlab.model.load.SecondSample> seconds = new java.util.ArrayList<>();
        seconds.add(new dev.fluxlab.model.load.SecondSample("warmup", 1, 40, 0));
        long ok = 0;
        for (int i = 0; i < okPerSecond.length; i++) {
            seconds.add(new dev.fluxlab.model.load.SecondSample("measure", i + 1, okPerSecond[i], 0));
            ok += okPerSecond[i];
        }
        return new LoadResult(LoadResult.SCHEMA, "http://127.0.0.1:1/", "http1.1", "closed", "GET", 200, 1, null, 8, true,
                okPerSecond.length, ok, Map.of(), ok / (double) okPerSecond.length, null, 0, 0, 1, 0.1, seconds, null, "us", null, null, null, null, null, null, null, null, null);
    }

    /** An open-model window at 200 req/s over 3 s: {@code missed} of its 600 requests never sent, 126 ok. */
    private static LoadResult open(long missed) {
        return new LoadResult(LoadResult.SCHEMA, "http://127.0.0.1:1/", "http1.1", "open", "GET", 16, 1, 200.0, 2, true,
                3, 126, Map.of(), 42, null, 127, missed, 1, 0.1, List.of(), null, "us", null, null, null, null, null, null,
                null, null, null);
    }

    /** The audit's overloaded open-model cell: 42 of 200 req/s delivered had passed as valid. */
    @Test
    void anOpenModelCellBehindItsScheduleIsInvalid() {
        Verdict.Outcome o = Verdict.repeat(facts(open(474)), Thresholds.defaults());
        assertFalse(o.valid(), o.reasons().toString());
        assertTrue(o.reasons().get(0).startsWith("open model behind schedule: 474 of the 600 requests its 200 req/s "
                + "intended in the measured window were never sent (127 more left late) and it delivered 42 req/s"),
                o.reasons().get(0));
        assertTrue(Verdict.repeat(facts(open(6)), Thresholds.defaults()).valid(), "1 % unsent is still the rate");
        assertTrue(Verdict.repeat(facts(load(10, 0, true, 1)), Thresholds.defaults()).valid(), "closed model");
    }

    /** Requests a stalled target left waiting past the window's end are in no histogram: the repeat is invalid. */
    @Test
    void stalledRequestsInvalidateTheRepeat() {
        LoadResult l = load(1000, 0, true, 500);
        LoadResult stalled = new LoadResult(l.schema(), l.target(), l.protocol(), l.model(), l.method(), l.connections(),
                l.inFlight(), l.rateRps(), l.warmupS(), l.warmupStable(), l.durationS(), l.requestsOk(), l.errors(),
                l.throughputRps(), l.latencyMs(), l.lateRequests(), l.missedRequests(), l.injectorCpuS(),
                l.injectorCpuCores(), l.perSecond(), l.histogram(), l.histogramUnit(), l.uncorrectedHistogram(),
                l.transport(), l.injector(), l.threads(), l.warmupJitQuiet(), l.watchedJvms(), l.statuses(),
                l.precisionPct(), l.connect(), l.availableProcessors(), l.measureStartMs(), l.errorDetails(), 4L, null);
        Verdict.Outcome o = Verdict.repeat(facts(stalled), Thresholds.defaults());
        assertFalse(o.valid());
        assertTrue(o.reasons().get(0).startsWith("4 requests written in the measured window still had no answer"),
                o.reasons().toString());
        assertTrue(Verdict.repeat(facts(l), Thresholds.defaults()).valid(), "none stalled (or not counted)");
    }

    /** {@code requests: 200} measured 76 before its time bound: not the cell it names. */
    @Test
    void aRequestBoundedWindowThatEndedShortSaysSo() {
        assertTrue(Verdict.requestShortfall(load(70, 6, true, 38), 200L).orElseThrow()
                .startsWith("measured 76 of the 200 requests the cell asks for"));
        assertTrue(Verdict.requestShortfall(load(194, 6, true, 38), 200L).isEmpty());
        assertTrue(Verdict.requestShortfall(load(70, 6, true, 38), null).isEmpty(), "a time-bounded cell");
    }

    /** {@code measure: auto} that hit {@code measure_max} first: the injector's log said so, the cell did not. */
    @Test
    void aPrecisionNotReachedIsAWarning() {
        LoadResult l = load(1000, 0, true, 500);
        LoadResult wide = new LoadResult(l.schema(), l.target(), l.protocol(), l.model(), l.method(), l.connections(),
                l.inFlight(), l.rateRps(), l.warmupS(), l.warmupStable(), 6.0, l.requestsOk(), l.errors(),
                l.throughputRps(), l.latencyMs(), l.lateRequests(), l.missedRequests(), l.injectorCpuS(),
                l.injectorCpuCores(), l.perSecond(), l.histogram(), l.histogramUnit(), l.uncorrectedHistogram(),
                l.transport(), l.injector(), l.threads(), l.warmupJitQuiet(), l.watchedJvms(), l.statuses(),
                174.6, l.connect(), l.availableProcessors(), l.measureStartMs(), l.errorDetails(), 0L, null);
        assertEquals("precision not reached: the mean throughput is known within ±174.6 % after 6.0 s (`measure_max`), "
                + "not the ±0.5 % asked; raise `measure_max` or ask less",
                Verdict.precisionNotReached(wide, 0.005).orElseThrow());
        assertTrue(Verdict.precisionNotReached(wide, 2.0).isEmpty(), "reached");
        assertTrue(Verdict.precisionNotReached(l, 0.005).isEmpty(), "a fixed window has no precision figure");
        assertTrue(Verdict.precisionNotReached(wide, null).isEmpty());
    }

    /** Two injectors' open model began its window behind schedule: 2,033 of 13,490 late, a p99 of 163 ms. */
    @Test
    void lateOpenModelSendsAreAWarning() {
        assertTrue(Verdict.lateSends(open(0)).orElseThrow().startsWith("127 of 126 requests (100.8 %) went out more "
                + "than 1 ms after their intended time"), Verdict.lateSends(open(0)).orElseThrow());
        assertTrue(Verdict.lateSends(load(1000, 0, true, 500)).isEmpty(), "the closed model has no schedule");
    }

    /** Seed 002's endpoint 05 as measured: 200 connections on 4 blocked event loops, responses in bursts of 160 and 40. */
    @Test
    void aShortWindowOverBurstsIsFlagged() {
        Verdict.Outcome o = Verdict.repeat(facts(blocking(0, 160, 40)), Thresholds.defaults());
        assertTrue(o.valid(), o.reasons().toString());
        assertEquals(1, o.reasons().size(), o.reasons().toString());
        assertTrue(o.reasons().get(0).startsWith("warning: bursty: responses per second in the measured window ranged "
                + "from 0 to 160 (mean 67) and each of the 200 concurrent requests completed only 1.0"), o.reasons().get(0));
    }

    /** webflux-undertow as measured: judged settled, then C2 lifted it during the measurement. */
    @Test
    void aRampInsideTheMeasuredWindowIsFlagged() {
        LoadResult ramp = blocking(11019, 13812, 13322, 15569, 20782);
        Verdict.Outcome o = Verdict.repeat(facts(ramp), Thresholds.defaults());
        assertTrue(o.valid());
        assertTrue(o.reasons().stream().anyMatch(r -> r.startsWith("warning: still rising during the measurement: "
                + "throughput went from 11,019 to 20,782 req/s")), o.reasons().toString());
        // +-10 % noise around a flat level is not a trend
        assertTrue(Verdict.repeat(facts(blocking(100_000, 110_000, 92_000, 104_000, 97_000)), Thresholds.defaults())
                .reasons().isEmpty());
    }

    /**
     * The quick suite's h2c / nio / plaintext / 16 cell as measured (fresh clone, c87fa244): a settled warm-up, then
     * 158,524, 146,276, 109,896 and 108,984 responses in the measured seconds with both watched JVMs' compilers quiet
     * (at most 4 ms of compile time a second). It read "still falling ...; warm up longer", advice that cannot help: a
     * fall with every compiler quiet is the machine's or the system's. With a JVM compiling, or nothing watched, the
     * fall is still read as a ramp.
     */
    @Test
    void aFallWhileEveryCompilerWasQuietIsNotCalledAWarmUpRamp() {
        LoadResult fall = blocking(158524, 146276, 109896, 108984);
        WatchedJvm quiet = new WatchedJvm(13506, WatchedJvm.TARGET, 0.4, new JitActivity(4, 3, 5.1, 0, 0));
        WatchedJvm injector = new WatchedJvm(13533, WatchedJvm.INJECTOR, 0.3, new JitActivity(4, 5, 7.4, 0, 0));
        List<String> reasons = Verdict.repeat(facts(watching(fall, List.of(quiet, injector))), Thresholds.defaults())
                .reasons();
        assertEquals(List.of("warning: throughput fell during the measurement: from 158,524 to 108,984 req/s (-14 % "
                + "per second) while no watched JVM compiled, so not a warm-up ramp (a longer warm-up would not help) but "
                + "the machine or the system moving (the VM's speed, a GC); the figure averages both levels: repeats, or "
                + "a claim decided by interleaved trials, absorb such a step"), reasons);
        assertFalse(Verdict.isRamp(reasons.get(0)));

        WatchedJvm compiling = new WatchedJvm(13506, WatchedJvm.TARGET, 900.0, new JitActivity(4, 150, 4000, 0, 0));
        assertTrue(Verdict.repeat(facts(watching(fall, List.of(compiling, injector))), Thresholds.defaults()).reasons()
                .stream().anyMatch(r -> Verdict.isRamp(r) && r.contains("still falling")), "a compiler at work");
        WatchedJvm unread = new WatchedJvm(13506, WatchedJvm.TARGET, null, null);
        assertTrue(Verdict.repeat(facts(watching(fall, List.of(unread))), Thresholds.defaults()).reasons().stream()
                .anyMatch(r -> r.startsWith("warning: still falling")), "counters unreadable: not known quiet");
        assertTrue(Verdict.repeat(facts(fall), Thresholds.defaults()).reasons().stream()
                .anyMatch(r -> r.startsWith("warning: still falling")), "nothing watched");
        // a rise with compilers under their floor but at work is still a ramp (a C2 compile that lands lifts it)
        WatchedJvm trickle = new WatchedJvm(13506, WatchedJvm.TARGET, 30.9, new JitActivity(4, 280, 135.2, 0, 0));
        assertTrue(Verdict.repeat(facts(watching(blocking(11019, 13812, 13322, 15569, 20782), List.of(trickle))),
                Thresholds.defaults()).reasons().stream().anyMatch(r -> r.startsWith("warning: still rising")));
    }

    /**
     * The quick suite's cells as measured (fresh clone, 3eb8bf5c): h2c / epoll / plaintext / 16 stepped 123,944,
     * 121,128, 150,164 and 158,804 while its target compiled 4.4 ms and the injector 6.2 ms in 4 s, compilers idle, and
     * was told to warm up longer, which cannot help; http1.1 / nio / json / 16 rose 85,506, 86,124, 93,751, 98,841 while
     * its target, under its floor (34 ms a second), finished 280 compilations: a ramp, still said as one. A compiler
     * that invalidated code is not idle; nor is an unread one.
     */
    @Test
    void aRiseWhileEveryCompilerWasIdleIsTheMachinesAndOneWhileCompilingIsARamp() {
        WatchedJvm target = new WatchedJvm(14658, WatchedJvm.TARGET, 3.5, new JitActivity(4, 10, 4.4, 0, 0));
        WatchedJvm injector = new WatchedJvm(14688, WatchedJvm.INJECTOR, 0.5, new JitActivity(4, 17, 6.2, 0, 0));
        LoadResult step = blocking(123944, 121128, 150164, 158804);
        List<String> reasons = Verdict.repeat(facts(watching(step, List.of(target, injector))), Thresholds.defaults())
                .reasons();
        assertEquals(List.of("warning: throughput rose during the measurement: from 123,944 to 158,804 req/s (+10 % per "
                + "second) while every watched JVM's compiler was idle, so not a warm-up ramp (a longer warm-up would not "
                + "help) but the machine or the system moving (the VM's speed); the figure averages both levels: "
                + "repeats, or a claim decided by interleaved trials, absorb such a step"), reasons);
        assertFalse(Verdict.isRamp(reasons.get(0)));

        WatchedJvm compiling = new WatchedJvm(14394, WatchedJvm.TARGET, 30.9, new JitActivity(4, 280, 135.2, 0, 0));
        WatchedJvm quietInjector = new WatchedJvm(14419, WatchedJvm.INJECTOR, 24.1, new JitActivity(4, 12, 7.1, 0, 0));
        List<String> ramp = Verdict.repeat(facts(watching(blocking(85506, 86124, 93751, 98841),
                List.of(quietInjector, compiling))), Thresholds.defaults()).reasons();
        assertTrue(ramp.stream().anyMatch(r -> Verdict.isRamp(r) && r.startsWith("warning: still rising during the "
                + "measurement: throughput went from 85,506 to 98,841 req/s")), ramp.toString());

        WatchedJvm invalidated = new WatchedJvm(14658, WatchedJvm.TARGET, 3.5, new JitActivity(4, 10, 4.4, 0, 2));
        assertTrue(Verdict.repeat(facts(watching(step, List.of(invalidated, injector))), Thresholds.defaults())
                .reasons().stream().anyMatch(r -> r.startsWith("warning: still rising")), "code invalidated: not idle");
        WatchedJvm unread = new WatchedJvm(14658, WatchedJvm.TARGET, null, null);
        assertTrue(Verdict.repeat(facts(watching(step, List.of(unread, injector))), Thresholds.defaults())
                .reasons().stream().anyMatch(r -> r.startsWith("warning: still rising")), "unread: not known idle");
        assertTrue(Verdict.repeat(facts(step), Thresholds.defaults()).reasons().stream()
                .anyMatch(r -> r.startsWith("warning: still rising")), "nothing watched");
    }

    private static LoadResult watching(LoadResult b, List<WatchedJvm> jvms) {
        return new LoadResult(b.schema(), b.target(), b.protocol(), b.model(), b.method(), b.connections(), b.inFlight(),
                null, b.warmupS(), true, b.durationS(), b.requestsOk(), b.errors(), b.throughputRps(), null, 0, 0, 1,
                0.1, b.perSecond(), null, "us", null, null, null, null, true, jvms, null, null, null);
    }

    @Test
    void smoothOrWellSampledWindowsAreNotFlagged() {
        // few completions per connection but steady (20 threads x 100 ms sleeps): the count is fine
        assertTrue(Verdict.repeat(facts(blocking(195, 200, 190)), Thresholds.defaults()).reasons().isEmpty());
        // bursty but each connection completed many responses: the window averages the bursts
        assertTrue(Verdict.repeat(facts(blocking(0, 3000, 0, 3000, 0, 3000)), Thresholds.defaults()).reasons().isEmpty());
    }

    @Test
    void aCleanRepeatIsValid() {
        Verdict.Outcome o = Verdict.repeat(facts(load(100_000, 0, true, 10_000)), Thresholds.defaults());
        assertTrue(o.valid());
        assertEquals(List.of(), o.reasons());
    }

    @Test
    void errorsAboveTheThresholdInvalidate() {
        assertTrue(Verdict.repeat(facts(load(100_000, 100, true, 10_000)), Thresholds.defaults()).valid(),
                "0.0999 % is under 0.1 %");
        Verdict.Outcome o = Verdict.repeat(facts(load(100_000, 200, true, 10_000)), Thresholds.defaults());
        assertFalse(o.valid());
        assertTrue(o.reasons().get(0).startsWith("error rate 0.200 % above the 0.100 % threshold"), o.reasons().toString());
    }

    @Test
    void zeroThroughputUnstableWarmupCrashAndSaturation() {
        assertTrue(Verdict.repeat(facts(load(0, 0, true, 0)), Thresholds.defaults()).reasons().get(0)
                .startsWith("zero throughput"));
        Verdict.Outcome unstable = Verdict.repeat(facts(load(10, 0, false, 1)), Thresholds.defaults());
        assertFalse(unstable.valid());
        assertTrue(unstable.reasons().get(0).startsWith("warm-up never stabilised"));
        Verdict.Outcome lenient = Verdict.repeat(facts(load(10, 0, false, 1)), new Thresholds(0.001, false, 0.9));
        assertTrue(lenient.valid());
        assertTrue(lenient.reasons().get(0).startsWith("warning: warm-up never stabilised"));

        RepeatFacts crash = new RepeatFacts(null, List.of("target x (exit code 1)"), null, load(10, 0, true, 1),
                List.of(), 0.1, 2, 0.1, true);
        assertEquals("target x (exit code 1) exited before the run ended", Verdict.repeat(crash, Thresholds.defaults()).reasons().get(0));

        RepeatFacts saturated = new RepeatFacts(null, List.of(), null, load(10, 0, true, 1), List.of(), 1.85, 2, 0.48, true);
        Verdict.Outcome s = Verdict.repeat(saturated, Thresholds.defaults());
        assertFalse(s.valid());
        assertTrue(s.reasons().get(0).contains("injector CPU-saturated: 1.85 of 2 usable cores (48 %"), s.reasons().toString());
    }

    @Test
    void aJvmStillCompilingWhileMeasuredIsNamedWithItsCounts() {
        LoadResult base = load(10, 0, false, 1);
        LoadResult l = new LoadResult(base.schema(), base.target(), base.protocol(), base.model(), base.method(),
                base.connections(), base.inFlight(), null, base.warmupS(), false, base.durationS(), base.requestsOk(),
                base.errors(), base.throughputRps(), null, 0, 0, 1, 0.1, List.of(), null, "us", null, null, null, null, false,
                List.of(new WatchedJvm(4242, WatchedJvm.TARGET, 900.0, new JitActivity(10, 150, 4000, 0, 0))), null, null, null);
        List<String> reasons = Verdict.repeat(facts(l), Thresholds.defaults()).reasons();
        // each says what to do about it, as the other warm-up warnings do (a newcomer's quick run printed these two
        // without a word of it, beside "still rising ...; warm up longer (warmup_max, cold_warmup_min)")
        assertTrue(reasons.contains("warm-up never stabilised (a JVM was still compiling after 3s); allow it longer "
                + "(warmup_max)"), reasons.toString());
        assertTrue(reasons.contains("warning: measured while JVM 4242 (target) was still compiling (150 compilations, "
                + "4000 ms of compile time in 10 s); warm up longer (warmup_max, cold_warmup_min)"), reasons.toString());
    }

    /**
     * A 3 s closed-model window at {@code rps} (200 connections) after an automatic warm-up of 8 s that settled or
     * not ({@code stable}, with {@code jitQuiet} at its end), watching a target JVM that compiled {@code compiles}
     * methods in {@code compileMs} there (none watched when {@code compiles} is 0).
     */
    private static LoadResult blockingCell(double rps, boolean stable, boolean jitQuiet, long pid, long compiles,
                                           double compileMs) {
        List<WatchedJvm> jvms = compiles == 0 ? null
                : List.of(new WatchedJvm(pid, WatchedJvm.TARGET, 900.0, new JitActivity(3, compiles, compileMs, 0, 0)));
        return new LoadResult(LoadResult.SCHEMA, "http://127.0.0.1:1/", "http1.1", "closed", "GET", 200, 1, null, 8,
                stable, 3, Math.round(rps * 3), Map.of(), rps, null, 0, 0, 1, 0.1, List.of(), null, "us", null, null,
                null, null, jitQuiet, jvms, null, null, null);
    }

    private static RepeatFacts withCeiling(LoadResult l, Double ceilingRps) {
        return new RepeatFacts(null, List.of(), null, l, List.of(), 0.5, 2, 0.3, true, ceilingRps);
    }

    private static final Thresholds LENIENT = new Thresholds(0.001, false, 0.9);

    /** s3/wfs's cells at their theory ceilings, with the figures and reasons they were recorded with. */
    @Test
    void aCompilingJvmAtItsTheoryCeilingIsANoteNotAWarning() {
        // webflux-netty 01-async-pool: 1,000 of 1,000 req/s while its target compiled 34 methods in 161 ms
        Verdict.Outcome pool = Verdict.repeat(withCeiling(blockingCell(1000, true, true, 20641, 34, 161), 1000.0),
                LENIENT);
        assertTrue(pool.valid());
        assertEquals(List.of("note: measured while JVM 20641 (target) was still compiling (34 compilations, 161 ms of "
                + "compile time in 3 s), but throughput is at 100.0 % of the 1,000 req/s its placement allows: the JIT "
                + "cannot have lowered it (its latency and CPU figures are not covered)"), pool.reasons());
        // 01vt-async-virtual: 1,971.67 of 2,000 (98.6 %), 15 compilations in 309 ms
        List<String> vt = Verdict.repeat(withCeiling(blockingCell(1971.67, true, true, 20641, 15, 309), 2000.0),
                LENIENT).reasons();
        assertEquals(1, vt.size(), vt.toString());
        assertTrue(vt.get(0).startsWith("note: measured while JVM 20641 (target) was still compiling (15 compilations")
                && vt.get(0).contains("at 98.6 % of the 2,000 req/s its placement allows: the JIT cannot have lowered "
                + "it by more than 1.4 %"), vt.get(0));
        // webflux-vt 02-elastic-blocking: 200 of 200, compiling in the warm-up and the window both
        List<String> vtElastic = Verdict.repeat(withCeiling(blockingCell(200, false, false, 21234, 66, 178), 200.0),
                LENIENT).reasons();
        assertEquals(2, vtElastic.size(), vtElastic.toString());
        assertTrue(vtElastic.stream().allMatch(r -> r.startsWith("note: ")), vtElastic.toString());
        assertTrue(vtElastic.contains("note: warm-up never stabilised (a JVM was still compiling after 8s), but "
                + "throughput is at 100.0 % of the 200 req/s its placement allows: the JIT cannot have lowered it (its "
                + "latency and CPU figures are not covered)"), vtElastic.toString());
    }

    @Test
    void anUnsettledWarmUpAtItsTheoryCeilingIsANote() {
        // webflux-netty 06-common-pool: 10 of 10 req/s, its warm-up "still changing" at its 8 s bound
        List<String> commonPool = Verdict.repeat(withCeiling(blockingCell(10, false, true, 20641, 0, 0), 10.0),
                LENIENT).reasons();
        assertEquals(List.of("note: warm-up never stabilised (throughput still changing after 8s), but throughput is "
                + "at 100.0 % of the 10 req/s its placement allows: the JIT cannot have lowered it (its latency and CPU "
                + "figures are not covered)"), commonPool);
        // a suite that requires a settled warm-up still fails the repeat: the ceiling vouches for throughput only
        Verdict.Outcome strict = Verdict.repeat(withCeiling(blockingCell(10, false, true, 20641, 0, 0), 10.0),
                Thresholds.defaults());
        assertFalse(strict.valid());
        assertTrue(strict.reasons().get(0).startsWith("warm-up never stabilised (throughput still changing after 8s)"),
                strict.reasons().toString());
    }

    @Test
    void belowItsCeilingOrWithoutATheoryACompilingJvmStillWarns() {
        String warning = "warning: measured while JVM 20641 (target) was still compiling (34 compilations, 161 ms of "
                + "compile time in 3 s); warm up longer (warmup_max, cold_warmup_min)";
        // 90 % of its ceiling: the JIT may have taken the other 10 %
        assertEquals(List.of(warning), Verdict.repeat(withCeiling(blockingCell(900, true, true, 20641, 34, 161),
                1000.0), LENIENT).reasons());
        // no theory: as before
        assertEquals(List.of(warning), Verdict.repeat(withCeiling(blockingCell(1000, true, true, 20641, 34, 161),
                null), LENIENT).reasons());
        assertEquals(List.of("warning: warm-up never stabilised (throughput still changing after 8s); allow it longer "
                + "(warmup_max)"), Verdict.repeat(withCeiling(blockingCell(1000, false, true, 1, 0, 0), null),
                LENIENT).reasons());
        // far above its ceiling (a bursty event loop at 1.54x): the theory is wrong there and proves nothing
        assertEquals(List.of(warning), Verdict.repeat(withCeiling(blockingCell(61.7, true, true, 20641, 34, 161),
                40.0), LENIENT).reasons());
    }

    @Test
    void aCellKeepsItsRepeatsNotesAsNotes() {
        RepeatResult r1 = new RepeatResult(1, "x", load(1000, 0, true, 100), List.of(), List.of(), true,
                List.of("note: measured while JVM 1 (target) was still compiling (...), but ..."), null, null, null,
                null, null, null, null, null);
        RepeatResult r2 = new RepeatResult(2, "x", load(1000, 0, true, 100), List.of(), List.of(), true, List.of(),
                null, null, null, null, null, null, null, null);
        Verdict.Outcome cell = Verdict.cell(List.of(r1, r2), 0);
        assertTrue(cell.valid());
        assertEquals(List.of("note: repeat 1: measured while JVM 1 (target) was still compiling (...), but ..."),
                cell.reasons());
    }

    @Test
    void fatalFindingsInvalidateOthersWarn() {
        RepeatFacts f = new RepeatFacts(null, List.of(), null, load(10, 0, true, 1),
                List.of(new LogFinding("t", "Http2Exception", 3, List.of()), new LogFinding("t", "OutOfMemoryError", 1, List.of())),
                0.1, 2, 0.1, true);
        Verdict.Outcome o = Verdict.repeat(f, Thresholds.defaults());
        assertFalse(o.valid());
        assertEquals(List.of("1 x OutOfMemoryError in the log of t", "warning: 3 x Http2Exception in the log of t"), o.reasons());
    }

    @Test
    void summariesUseValidRepeatsAndCellsNeedAllValid() {
        ProcessStats ps = new ProcessStats("target", "t", 1, 1, 10, 0.5, 100, 20, 0L, 0.0, 0, false, "t.log", List.of(), null);
        RepeatResult a = new RepeatResult(1, "x", load(1000, 0, true, 100), List.of(ps), List.of(), true, List.of(), null, null, null, null, null, null, null, null);
        RepeatResult b = new RepeatResult(2, "x", load(1100, 0, true, 110), List.of(ps), List.of(), true, List.of(), null, null, null, null, null, null, null, null);
        RepeatResult bad = new RepeatResult(3, "x", load(10, 0, true, 1), List.of(ps), List.of(), false, List.of("zero"), null, null, null, null, null, null, null, null);
        CellSummary s = Summaries.of(List.of(a, b, bad));
        assertEquals(2, s.throughputRps().n());
        assertEquals(105, s.throughputRps().median(), 1e-9);
        assertEquals(100, s.throughputRps().min(), 1e-9);
        assertEquals(0.5, s.cpuCores().get("t").median(), 1e-9);
        Verdict.Outcome cell = Verdict.cell(List.of(a, b, bad), s.throughputRps().relativeSpread());
        assertFalse(cell.valid());
        assertEquals(List.of("repeat 3: zero"), cell.reasons());
        Verdict.Outcome noisy = Verdict.cell(List.of(a, b), 0.2);
        assertTrue(noisy.valid());
        assertEquals(List.of("warning: noisy: throughput varies by ±20 % across repeats"), noisy.reasons());
    }
}
