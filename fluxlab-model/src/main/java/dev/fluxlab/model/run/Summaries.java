package dev.fluxlab.model.run;

import dev.fluxlab.model.load.LatencyHistograms;
import dev.fluxlab.model.load.LatencySummary;
import dev.fluxlab.model.load.LoadResult;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * A cell's figures across its repeats. The one rule for which repeats count: the valid ones when there are any, else
 * all of them. The runner writes each cell's {@link CellSummary} with it; the report recomputes with it what a
 * results.json lacks (an interrupted run) and picks the repeats its curves are drawn from.
 */
public final class Summaries {

    private Summaries() {
    }

    /** The repeats a summary is made of: the valid ones, or all when none is valid (null counts as none). */
    public static List<RepeatResult> used(List<RepeatResult> repeats) {
        if (repeats == null) {
            return List.of();
        }
        List<RepeatResult> valid = repeats.stream().filter(RepeatResult::valid).toList();
        return valid.isEmpty() ? repeats : valid;
    }

    /** Median, spread, mean and n of every figure over the {@link #used(List) used} repeats. */
    public static CellSummary of(List<RepeatResult> repeats) {
        List<RepeatResult> use = used(repeats);
        List<LoadResult> loads = use.stream().map(RepeatResult::load).filter(l -> l != null).toList();
        Map<String, Stat> latency = new LinkedHashMap<>();
        Map<String, Function<LatencySummary, Double>> pcts = new LinkedHashMap<>();
        pcts.put("mean", LatencySummary::mean);
        pcts.put("p50", LatencySummary::p50);
        pcts.put("p75", LatencySummary::p75);
        pcts.put("p90", LatencySummary::p90);
        pcts.put("p99", LatencySummary::p99);
        pcts.put("p999", LatencySummary::p999);
        pcts.put("p9999", LatencySummary::p9999);
        pcts.put("max", LatencySummary::max);
        LatencySummary merged = merged(loads);
        pcts.forEach((k, fn) -> {
            List<Double> v = new ArrayList<>();
            for (LoadResult l : loads) {
                if (l.latencyMs() != null && l.latencyMs().corrected() != null) {
                    v.add(fn.apply(l.latencyMs().corrected()));
                }
            }
            Stat st = orNull(Stat.of(v)); // a percentile an external tool does not give is NaN: no figure
            if (st != null && merged != null) {
                double m = fn.apply(merged); // within the repeats' range: the min and max keep their spread
                st = new Stat(m, Math.min(st.min(), m), Math.max(st.max(), m), st.mean(), st.stdev(), st.n());
            }
            if (st != null) {
                latency.put(k, st);
            }
        });
        return new CellSummary(
                stat(loads, LoadResult::throughputRps),
                latency,
                stat(loads, l -> (double) l.errorCount()),
                stat(loads, LoadResult::errorRate),
                byProcess(use, ProcessStats::cpuPerRequestUs),
                byProcess(use, ProcessStats::cpuCores),
                byProcess(use, ProcessStats::rssMaxMb),
                stat(loads, LoadResult::warmupS));
    }

    /**
     * The latency of the repeats' corrected histograms merged (every recorded response counts once, as HdrHistogram
     * adds them), or null unless every repeat has one: external tools give percentiles only, and then the figure is
     * the median of the repeats' own. A median of per-repeat p99s weighed a repeat of 18k responses as much as one of
     * 61k, and differed from the report's merged chart (5.75 against 7.84 ms).
     */
    static LatencySummary merged(List<LoadResult> loads) {
        if (loads.stream().anyMatch(l -> l.histogram() == null || !"us".equals(l.histogramUnit()))) {
            return null;
        }
        Histogram sum;
        try {
            sum = LatencyHistograms.sum(loads.stream().map(LoadResult::histogram).toList());
        } catch (IllegalArgumentException damaged) {
            return null;
        }
        return sum == null || sum.getTotalCount() == 0 ? null : LatencyHistograms.summary(sum);
    }

    private static Stat stat(List<LoadResult> loads, ToDoubleFunction<LoadResult> f) {
        return orNull(Stat.of(loads.stream().map(l -> f.applyAsDouble(l)).toList()));
    }

    /** No figure rather than a NaN one: results.json then simply lacks it. */
    private static Stat orNull(Stat s) {
        return s.n() == 0 ? null : s;
    }

    private static Map<String, Stat> byProcess(List<RepeatResult> repeats, ToDoubleFunction<ProcessStats> f) {
        Map<String, List<Double>> values = new LinkedHashMap<>();
        for (RepeatResult r : repeats) {
            if (r.processes() == null) {
                continue;
            }
            for (ProcessStats p : r.processes()) {
                values.computeIfAbsent(p.name(), k -> new ArrayList<>()).add(f.applyAsDouble(p));
            }
        }
        Map<String, Stat> out = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            Stat st = orNull(Stat.of(v));
            if (st != null) {
                out.put(k, st);
            }
        });
        return out;
    }
}
