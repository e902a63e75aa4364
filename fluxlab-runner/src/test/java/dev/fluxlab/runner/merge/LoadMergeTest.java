package dev.fluxlab.runner.merge;

import dev.fluxlab.model.load.JitActivity;
import dev.fluxlab.model.load.Latency;
import dev.fluxlab.model.load.LatencyHistograms;
import dev.fluxlab.model.load.LatencySummary;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.load.SecondSample;
import dev.fluxlab.model.load.WatchedJvm;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LoadMergeTest {

    private static final long MAX_US = 3_600_000_000L;

    @Test
    void mergedPercentilesEqualThoseOfOneHistogramFedAllValues() {
        Random rnd = new Random(42);
        Histogram all = new Histogram(MAX_US, 3);
        Histogram allUncorrected = new Histogram(MAX_US, 3);
        List<LoadResult> docs = new ArrayList<>();
        // three injectors with deliberately different latency shapes and counts
        double[] scaleUs = {300, 2_000, 40_000};
        int[] counts = {50_000, 20_000, 3_000};
        for (int i = 0; i < 3; i++) {
            Histogram h = new Histogram(MAX_US, 3);
            Histogram u = new Histogram(MAX_US, 3);
            for (int k = 0; k < counts[i]; k++) {
                long v = 1 + (long) (-Math.log(1 - rnd.nextDouble()) * scaleUs[i]);
                h.recordValue(v);
                all.recordValue(v);
                u.recordValue(v / 2 + 1);
                allUncorrected.recordValue(v / 2 + 1);
            }
            docs.add(doc(h, u, 4 + i, counts[i] / 10.0, Map.of("reset", (long) i, "timeout", 1L), 0.5));
        }

        MergedLoad m = LoadMerge.merge(docs);

        LatencySummary expected = LatencyHistograms.summary(all);
        assertEquals(expected, m.merged().latencyMs().corrected());
        assertEquals(LatencyHistograms.summary(allUncorrected), m.merged().latencyMs().uncorrected());
        assertEquals(all, LatencyHistograms.decode(m.merged().histogram()));
        // averaging the injectors' p99 would be a different (wrong) figure: the test can tell the two apart
        double averagedP99 = docs.stream().mapToDouble(d -> d.latencyMs().corrected().p99()).average().orElseThrow();
        assertNotEquals(expected.p99(), averagedP99, 0.001);

        assertEquals(73_000, m.merged().requestsOk());
        assertEquals(7_300, m.merged().throughputRps(), 1e-9);
        assertEquals(Map.of("reset", 3L, "timeout", 3L), m.merged().errors());
        assertEquals(4 + 5 + 6, m.merged().connections());
        assertEquals(1.5, m.merged().injectorCpuCores(), 1e-9);
        assertEquals(3, m.injectors().size());
        assertEquals(docs, m.injectors());
    }

    /**
     * Two skewed injectors by hand: one answered 900 requests in 1 ms and 100 in 10 ms (its p50 1 ms), the other 100 in
     * 50 ms (its p50 50 ms). The union of their 1,100 responses has its 550th at 1 ms (p50), its 990th at 10 ms (p90),
     * its 1,089th at 50 ms (p99) and a mean of (900 + 1000 + 5000) / 1100 = 6.27 ms; the mean of the two p50s, 25.5 ms,
     * is a latency no response had. HdrHistogram's 3 digits round 10 ms and 50 ms up by at most 8 and 16 us.
     */
    @Test
    void twoSkewedInjectorsMergeToThePercentilesOfTheirUnion() {
        Histogram fast = new Histogram(MAX_US, 3);
        fast.recordValueWithCount(1_000, 900);
        fast.recordValueWithCount(10_000, 100);
        Histogram slow = new Histogram(MAX_US, 3);
        slow.recordValueWithCount(50_000, 100);
        LatencySummary m = LoadMerge.merge(List.of(doc(fast, fast, 2, 100, Map.of(), 0.1),
                doc(slow, slow, 2, 10, Map.of(), 0.1))).merged().latencyMs().corrected();
        assertEquals(1.0, m.p50(), 1e-9);
        assertEquals(1.0, m.p75(), 1e-9);
        assertEquals(10.0, m.p90(), 0.01);
        assertEquals(50.0, m.p99(), 0.02);
        assertEquals(50.0, m.max(), 0.02);
        assertEquals(1.0, m.min(), 1e-9);
        assertEquals(6900 / 1100.0, m.mean(), 0.01);
        assertEquals(25.5, (LatencyHistograms.summary(fast).p50() + LatencyHistograms.summary(slow).p50()) / 2, 0.01);
    }

    @Test
    void perSecondSamplesAddUpByPhaseAndSecond() {
        Histogram h = new Histogram(MAX_US, 3);
        h.recordValue(100);
        LoadResult a = doc(h, h, 1, 10, Map.of(), 0.1);
        MergedLoad m = LoadMerge.merge(List.of(a, a));
        assertEquals(List.of(new SecondSample("warmup", 0, 20, 0), new SecondSample("measure", 0, 20, 2),
                new SecondSample("measure", 1, 22, 0)), m.merged().perSecond());
        assertEquals(Boolean.TRUE, m.merged().warmupStable());
    }

    @Test
    void bytesAddUpWhenEveryInjectorCountedThem() {
        Histogram h = new Histogram(MAX_US, 3);
        h.recordValue(100);
        LoadResult a = doc(h, h, 1, 10, Map.of(), 0.1).withBytes(7800L, 1300L);
        LoadResult b = doc(h, h, 1, 10, Map.of(), 0.1).withBytes(3900L, 650L);
        LoadResult merged = LoadMerge.merge(List.of(a, b)).merged();
        assertEquals(11700L, merged.bytesReceived());
        assertEquals(1950L, merged.bodyBytesReceived());
        assertEquals(1170.0, merged.bytesPerS(), 1e-9, "over the measured phase (10 s)");
        LoadResult partial = LoadMerge.merge(List.of(a, doc(h, h, 1, 10, Map.of(), 0.1))).merged();
        assertEquals(null, partial.bytesReceived(), "one injector's count is not the cell's: unknown");
        assertTrue(Double.isNaN(partial.bytesPerS()));
    }

    @Test
    void refusesDocumentsWithoutHistogramsOrOfDifferentLoads() {
        Histogram h = new Histogram(MAX_US, 3);
        h.recordValue(100);
        LoadResult ok = doc(h, h, 1, 10, Map.of(), 0.1);
        LoadResult wrk = new LoadResult(LoadResult.SCHEMA, ok.target(), ok.protocol(), ok.model(), ok.method(), 1, 16,
                null, 0, null, 1, 10, Map.of(), 10, ok.latencyMs(), 0, 0, 0, 0, List.of(), null, null, null, null, "wrk", null, null, null, null, null, null);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LoadMerge.merge(List.of(ok, wrk)));
        assertTrue(e.getMessage().contains("injector 2 of 2 has no histogram (a wrk document)"), e.getMessage());

        LoadResult h2 = new LoadResult(LoadResult.SCHEMA, ok.target(), "h2", ok.model(), ok.method(), 1, 16, null, 0,
                null, 1, 10, Map.of(), 10, ok.latencyMs(), 0, 0, 0, 0, List.of(), ok.histogram(), "us",
                ok.uncorrectedHistogram(), "epoll", "fluxlab", null, null, null, null, null, null);
        e = assertThrows(IllegalArgumentException.class, () -> LoadMerge.merge(List.of(ok, h2)));
        assertTrue(e.getMessage().contains("protocol differs"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LoadMerge.merge(List.of()));
    }

    @Test
    void openModelRatesAddUpAndUnsettledWarmupStaysUnsettled() {
        Histogram h = new Histogram(MAX_US, 3);
        h.recordValue(100);
        LoadResult a = open(h, 500.5, true);
        LoadResult b = open(h, 500.5, false);
        LoadResult m = LoadMerge.merge(List.of(a, b)).merged();
        assertEquals(1001, m.rateRps(), 1e-9);
        assertFalse(m.warmupStable());
    }

    /**
     * What the verdict reads beside the figures survives the merge: a target still compiling in the window (seen by
     * both injectors, listed once), the JIT-quiet judgement, unexpected statuses and the achieved precision.
     */
    @Test
    void jitEvidenceStatusesAndPrecisionSurviveTheMerge() {
        Histogram h = new Histogram(MAX_US, 3);
        h.recordValue(100);
        WatchedJvm target = new WatchedJvm(7, WatchedJvm.TARGET, 900.0, new JitActivity(10, 400, 9000, 0, 3));
        LoadResult a = withEvidence(open(h, 500, true), List.of(new WatchedJvm(11, WatchedJvm.INJECTOR, 1.0,
                new JitActivity(10, 0, 0, 0, 0)), target), true, Map.of("503", 2L), 1.5);
        LoadResult b = withEvidence(open(h, 500, true), List.of(new WatchedJvm(12, WatchedJvm.INJECTOR, 1.0,
                new JitActivity(10, 0, 0, 0, 0)), target), false, Map.of("503", 1L, "404", 4L), 2.5);
        LoadResult m = LoadMerge.merge(List.of(a, b)).merged();
        assertEquals(List.of(11L, 7L, 12L), m.watchedJvms().stream().map(WatchedJvm::pid).toList());
        assertEquals(1, m.stillCompiling().size(), m.stillCompiling().toString());
        assertFalse(m.warmupJitQuiet(), "one injector saw a JVM still compiling at the warm-up's end");
        assertEquals(Map.of("404", 4L, "503", 3L), m.statuses());
        assertEquals(2.5, m.precisionPct(), "the widest injector's precision bounds the sum's");
        assertEquals(null, m.warnings(), "each injector's warnings stay in its own document");
        assertEquals(null, LoadMerge.merge(List.of(a, open(h, 500, true))).merged().precisionPct(),
                "one injector without a precision: none for the sum");
    }

    private static LoadResult withEvidence(LoadResult d, List<WatchedJvm> watched, boolean quiet,
                                           Map<String, Long> statuses, double precision) {
        return new LoadResult(d.schema(), d.target(), d.protocol(), d.model(), d.method(), d.connections(),
                d.inFlight(), d.rateRps(), d.warmupS(), d.warmupStable(), d.durationS(), d.requestsOk(), d.errors(),
                d.throughputRps(), d.latencyMs(), d.lateRequests(), d.missedRequests(), d.injectorCpuS(),
                d.injectorCpuCores(), d.perSecond(), d.histogram(), d.histogramUnit(), d.uncorrectedHistogram(),
                d.transport(), d.injector(), d.threads(), quiet, watched, statuses, precision, null, 1, 0L, null, 0L,
                List.of("a warning of its own"));
    }

    private static LoadResult open(Histogram h, double rate, boolean stable) {
        String enc = LatencyHistograms.encode(h);
        return new LoadResult(LoadResult.SCHEMA, "http://10.0.0.1:8080/plaintext", "h2c", "open", "GET", 2, 1, rate,
                5, stable, 10, h.getTotalCount(), Map.of(), h.getTotalCount() / 10.0,
                new Latency(LatencyHistograms.summary(h), LatencyHistograms.summary(h)), 0, 0, 0.1, 0.01, List.of(),
                enc, "us", enc, "epoll", "fluxlab", null, null, null, null, null, null);
    }

    private static LoadResult doc(Histogram h, Histogram u, int connections, double rps, Map<String, Long> errors,
                                  double cores) {
        return new LoadResult(LoadResult.SCHEMA, "http://10.0.0.1:8080/plaintext", "h2c", "closed", "GET",
                connections, 16, null, 5, true, 10, h.getTotalCount(), errors, rps,
                new Latency(LatencyHistograms.summary(h), LatencyHistograms.summary(u)), 0, 0, cores * 10, cores,
                List.of(new SecondSample("warmup", 0, 10, 0), new SecondSample("measure", 0, 10, 1),
                        new SecondSample("measure", 1, 11, 0)),
                LatencyHistograms.encode(h), "us", LatencyHistograms.encode(u), "epoll", "fluxlab", null, null, null, null, null, null);
    }
}
