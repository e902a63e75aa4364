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

/**
 * A cell's throughput and error figures over its repeats against a hand computation: the median, the min-max spread,
 * the mean and the sample standard deviation of the valid repeats' values, an invalid repeat left out.
 */
class SummariesThroughputTest {

    /** A repeat that measured {@code ok} responses and {@code errors} errors in 10 s. */
    private static RepeatResult repeat(int i, long ok, long errors, boolean valid) {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(1000, ok);
        LatencySummary s = LatencyHistograms.summary(h);
        LoadResult l = new LoadResult(LoadResult.SCHEMA, "http://127.0.0.1:1/", "http1.1", "closed", "GET", 16, 1, null,
                1, true, 10, ok, Map.of("status", errors), ok / 10.0, new Latency(s, s), 0, 0, 1, 0.1, List.of(),
                LatencyHistograms.encode(h), "us", null, null, null, null, null, null, null, null, null);
        return new RepeatResult(i, "t", l, List.of(), List.of(), valid, List.of(), null, null, null, null, null, null,
                null, null, null, null, null);
    }

    /**
     * Valid repeats at 900, 1000, 1100 and 1300 req/s and an invalid one at 5000: median (1000 + 1100) / 2 = 1050,
     * min 900, max 1300, mean 4300 / 4 = 1075, sample standard deviation sqrt((175^2 + 75^2 + 25^2 + 225^2) / 3) =
     * sqrt(87500 / 3) = 170.78, relative spread (1300 - 900) / 2 / 1050 = 0.1905. Errors 10, 0, 30, 20: median 15,
     * error rates 10/9010, 0, 30/11030, 20/13020.
     */
    @Test
    void throughputOverTheValidRepeatsIsTheHandComputedMedianSpreadMeanAndStdev() {
        CellSummary s = Summaries.of(List.of(repeat(1, 9000, 10, true), repeat(2, 50_000, 0, false),
                repeat(3, 10_000, 0, true), repeat(4, 11_000, 30, true), repeat(5, 13_000, 20, true)));
        Stat t = s.throughputRps();
        assertEquals(4, t.n(), "the invalid repeat is left out");
        assertEquals(1050, t.median(), 1e-9);
        assertEquals(900, t.min(), 1e-9);
        assertEquals(1300, t.max(), 1e-9);
        assertEquals(1075, t.mean(), 1e-9);
        assertEquals(Math.sqrt(87_500 / 3.0), t.stdev(), 1e-9);
        assertEquals(170.7825, t.stdev(), 1e-4);
        assertEquals(400 / 2.0 / 1050, t.relativeSpread(), 1e-12);
        assertEquals(15, s.errors().median(), 1e-9);
        double[] rates = {10 / 9010.0, 0, 30 / 11_030.0, 20 / 13_020.0};
        assertEquals((rates[0] + rates[3]) / 2, s.errorRate().median(), 1e-12, "median of 0, 0.00111, 0.00154, 0.00272");
    }

    /**
     * An odd number of repeats: the median is the middle value (1000, 1100, 3000 req/s: 1100), not the mean (1700);
     * with no valid repeat all of them count.
     */
    @Test
    void anOddCountTakesTheMiddleValueAndNoValidRepeatTakesThemAll() {
        Stat t = Summaries.of(List.of(repeat(1, 30_000, 0, false), repeat(2, 10_000, 0, false),
                repeat(3, 11_000, 0, false))).throughputRps();
        assertEquals(3, t.n());
        assertEquals(1100, t.median(), 1e-9);
        assertEquals(5100 / 3.0, t.mean(), 1e-9);
        assertEquals(Math.sqrt((1300.0 * 1300 + 700.0 * 700 + 600.0 * 600) / 2), t.stdev(), 1e-9);
        Stat one = Summaries.of(List.of(repeat(1, 12_345, 0, true))).throughputRps();
        assertEquals(1234.5, one.median(), 1e-9);
        assertEquals(0, one.stdev(), "one repeat has no spread");
        assertEquals(0, one.relativeSpread());
    }
}
