package dev.fluxlab.model.run;

import dev.fluxlab.model.load.Latency;
import dev.fluxlab.model.load.LatencyHistograms;
import dev.fluxlab.model.load.LatencySummary;
import dev.fluxlab.model.load.LoadResult;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A cell's latency percentiles come from its repeats' histograms merged, never from their percentiles combined. */
class SummariesLatencyTest {

    /** A repeat of {@code n} responses at {@code ms}, with its histogram (microseconds) as the injector writes it. */
    private static RepeatResult repeat(int i, int n, long ms, boolean withHistogram) {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(ms * 1000, n);
        LatencySummary s = LatencyHistograms.summary(h);
        LoadResult l = new LoadResult(LoadResult.SCHEMA, "http://127.0.0.1:1/", "http1.1", "closed", "GET", 16, 1, null, 1,
                true, 10, n, Map.of(), n / 10.0, new Latency(s, s), 0, 0, 1, 0.1, List.of(),
                withHistogram ? LatencyHistograms.encode(h) : null, withHistogram ? "us" : null, null, null, null, null,
                null, null, null, null, null);
        return new RepeatResult(i, "t", l, List.of(), List.of(), true, List.of(), null, null, null, null, null, null,
                null, null, null, null, null);
    }

    /**
     * 1,000 responses at 1 ms and 100 at 10 ms: merged, p50 is 1 ms and p99 10 ms; the median of the two repeats'
     * own p50s was 5.5 ms, a latency no response had.
     */
    @Test
    void percentilesAreThoseOfTheMergedHistograms() {
        CellSummary s = Summaries.of(List.of(repeat(1, 1000, 1, true), repeat(2, 100, 10, true)));
        Stat p50 = s.latencyMs().get("p50");
        assertEquals(1.0, p50.median(), 0.01);
        assertEquals(1.0, p50.min(), 0.01);
        assertEquals(10.0, p50.max(), 0.01, "the repeats' range stays");
        assertEquals(10.0, s.latencyMs().get("p99").median(), 0.01);
        assertEquals((1000 * 1.0 + 100 * 10.0) / 1100, s.latencyMs().get("mean").median(), 0.01, "weighted by count");
    }

    /** Without every repeat's histogram (an external tool's percentiles) the figure is the median of the repeats'. */
    @Test
    void withoutHistogramsTheMedianOfTheRepeatsStays() {
        CellSummary s = Summaries.of(List.of(repeat(1, 1000, 1, false), repeat(2, 100, 10, true)));
        assertEquals(5.5, s.latencyMs().get("p50").median(), 0.01);
    }
}
