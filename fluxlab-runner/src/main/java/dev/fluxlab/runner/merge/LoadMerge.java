package dev.fluxlab.runner.merge;

import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.load.Latency;
import dev.fluxlab.model.load.LatencyHistograms;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.load.SecondSample;
import dev.fluxlab.model.load.WatchedJvm;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * Merges the {@code fluxlab.load/1} documents of N injectors that loaded the same cell at the same time into one
 * document. Latency figures are never averaged: each injector's compressed HdrHistogram (corrected and uncorrected) is
 * decoded and added, and every percentile is read from the sum, which is exactly the histogram one injector would have
 * recorded with all the responses. Counts (responses, errors by class, late and missed sends, injector CPU) are summed;
 * throughput is the sum of each injector's own throughput (each over its own measured window, since the windows start
 * together at a barrier but end by each injector's clock); connections and rate are summed, in-flight per connection
 * must be the same everywhere. The measured duration is the longest window, warm-up the longest warm-up, and a
 * warm-up counts as settled only if every injector's settled. Per-second samples are added by phase and second. The
 * achieved precision is the widest injector's; statuses are summed; the JIT evidence lists every watched JVM once
 * (the targets each injector watched, every injector's own) and is JIT-quiet only if every injector's was. The
 * injectors' warnings stay in their own documents.
 */
public final class LoadMerge {

    private LoadMerge() {
    }

    /**
     * @throws IllegalArgumentException when {@code docs} is empty, the documents describe different loads (target
     *                                  protocol, model, method, in-flight, histogram unit), or one has no histogram
     *                                  (external tools such as wrk give none, so their percentiles cannot be merged)
     */
    public static MergedLoad merge(List<LoadResult> docs) {
        if (docs.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge: no injector documents");
        }
        LoadResult first = docs.getFirst();
        same(docs, "protocol", LoadResult::protocol);
        same(docs, "model", LoadResult::model);
        same(docs, "method", LoadResult::method);
        same(docs, "in-flight per connection", LoadResult::inFlight);
        Histogram corrected = add(docs, LoadResult::histogram, "histogram");
        Histogram uncorrected = add(docs, LoadResult::uncorrectedHistogram, "uncorrectedHistogram");
        same(docs, "histogram unit", LoadResult::histogramUnit);

        Map<String, Long> errors = new LinkedHashMap<>();
        for (LoadResult d : docs) {
            if (d.errors() != null) {
                d.errors().forEach((k, v) -> errors.merge(k, v, Long::sum));
            }
        }
        Double rate = first.rateRps() == null ? null : sum(docs, d -> d.rateRps() == null ? 0 : d.rateRps());
        LoadResult merged = new LoadResult(LoadResult.SCHEMA, joined(docs, LoadResult::target), first.protocol(),
                first.model(), first.method(), (int) sumLong(docs, LoadResult::connections), first.inFlight(), rate,
                max(docs, LoadResult::warmupS), everyInjector(docs, LoadResult::warmupStable),
                max(docs, LoadResult::durationS),
                sumLong(docs, LoadResult::requestsOk), errors, sum(docs, LoadResult::throughputRps),
                new Latency(LatencyHistograms.summary(corrected), LatencyHistograms.summary(uncorrected)),
                sumLong(docs, LoadResult::lateRequests), sumLong(docs, LoadResult::missedRequests),
                sum(docs, LoadResult::injectorCpuS), sum(docs, LoadResult::injectorCpuCores), perSecond(docs),
                LatencyHistograms.encode(corrected), first.histogramUnit(), LatencyHistograms.encode(uncorrected),
                joined(docs, LoadResult::transport), joined(docs, LoadResult::injector),
                docs.stream().allMatch(d -> d.threads() != null)
                        ? docs.stream().mapToInt(LoadResult::threads).sum() : null,
                everyInjector(docs, LoadResult::warmupJitQuiet), watched(docs), statuses(docs), precision(docs), null,
                null, null, errorDetails(docs),
                docs.stream().allMatch(d -> d.stalledRequests() == null) ? null
                        : docs.stream().mapToLong(d -> d.stalledRequests() == null ? 0 : d.stalledRequests()).sum(),
                null).withBytes(sumOfEvery(docs, LoadResult::bytesReceived),
                sumOfEvery(docs, LoadResult::bodyBytesReceived));
        return new MergedLoad(merged, docs);
    }

    /**
     * Every JVM an injector watched, once: each injector's own JVM and the targets, which every injector watches (the
     * first injector's record of a shared target is kept); null when none watched any.
     */
    private static List<WatchedJvm> watched(List<LoadResult> docs) {
        Map<Long, WatchedJvm> byPid = new LinkedHashMap<>();
        for (LoadResult d : docs) {
            if (d.watchedJvms() != null) {
                d.watchedJvms().forEach(w -> byPid.putIfAbsent(w.pid(), w));
            }
        }
        return byPid.isEmpty() ? null : List.copyOf(byPid.values());
    }

    /** The unexpected statuses by code, summed; null unless every injector reports codes. */
    private static Map<String, Long> statuses(List<LoadResult> docs) {
        if (docs.stream().anyMatch(d -> d.statuses() == null)) {
            return null;
        }
        Map<String, Long> all = new java.util.TreeMap<>();
        docs.forEach(d -> d.statuses().forEach((k, v) -> all.merge(k, v, Long::sum)));
        return all;
    }

    /**
     * The widest of the injectors' achieved precisions ({@code measure: auto}), null unless every injector gave one:
     * the relative half-width of a sum of estimates is at most the largest relative half-width of its terms, so the
     * merged throughput is known at least that well.
     */
    private static Double precision(List<LoadResult> docs) {
        if (docs.stream().anyMatch(d -> d.precisionPct() == null)) {
            return null;
        }
        return docs.stream().mapToDouble(LoadResult::precisionPct).max().orElseThrow();
    }

    /** Each error class's first cause, from the first injector that gave one; null when none did. */
    private static Map<String, String> errorDetails(List<LoadResult> docs) {
        Map<String, String> all = new LinkedHashMap<>();
        for (LoadResult d : docs) {
            if (d.errorDetails() != null) {
                d.errorDetails().forEach(all::putIfAbsent);
            }
        }
        return all.isEmpty() ? null : all;
    }

    private static Histogram add(List<LoadResult> docs, Function<LoadResult, String> field, String name) {
        for (int i = 0; i < docs.size(); i++) {
            String encoded = field.apply(docs.get(i));
            if (encoded == null || encoded.isBlank()) {
                throw new IllegalArgumentException("injector " + (i + 1) + " of " + docs.size() + " has no " + name
                        + " (a " + Objects.requireNonNullElse(docs.get(i).injector(), Cell.FLUXLAB_INJECTOR)
                        + " document): percentiles of several injectors can only be merged from their histograms");
            }
        }
        return LatencyHistograms.sum(docs.stream().map(field).toList());
    }

    private static void same(List<LoadResult> docs, String what, Function<LoadResult, Object> field) {
        List<Object> values = docs.stream().map(field).distinct().toList();
        if (values.size() > 1) {
            throw new IllegalArgumentException("the injectors did not run the same load: " + what + " differs " + values);
        }
    }

    /** The common value, or the distinct values joined with ", " (e.g. targets on different addresses); null if none. */
    private static String joined(List<LoadResult> docs, Function<LoadResult, String> field) {
        List<String> values = docs.stream().map(field).filter(Objects::nonNull).distinct().toList();
        return values.isEmpty() ? null : String.join(", ", values);
    }

    /**
     * A judgement of the warm-up (settled, JIT-quiet) true only if every injector's was; null when none judged it.
     */
    private static Boolean everyInjector(List<LoadResult> docs, Function<LoadResult, Boolean> judged) {
        if (docs.stream().allMatch(d -> judged.apply(d) == null)) {
            return null;
        }
        return docs.stream().allMatch(d -> Boolean.TRUE.equals(judged.apply(d)));
    }

    private static List<SecondSample> perSecond(List<LoadResult> docs) {
        record Second(String phase, int t) {
        }
        Map<Second, long[]> bySecond = new LinkedHashMap<>();
        for (LoadResult d : docs) {
            for (SecondSample s : Objects.requireNonNullElse(d.perSecond(), List.<SecondSample>of())) {
                long[] acc = bySecond.computeIfAbsent(new Second(s.phase(), s.t()), k -> new long[2]);
                acc[0] += s.ok();
                acc[1] += s.errors();
            }
        }
        List<SecondSample> out = new ArrayList<>(bySecond.size());
        bySecond.forEach((k, v) -> out.add(new SecondSample(k.phase(), k.t(), v[0], v[1])));
        return out;
    }

    private static double sum(List<LoadResult> docs, ToDoubleFunction<LoadResult> f) {
        return docs.stream().mapToDouble(f).sum();
    }

    /** The sum of a count every injector gave; null when one did not (part of a sum would read as the whole). */
    private static Long sumOfEvery(List<LoadResult> docs, Function<LoadResult, Long> f) {
        return docs.stream().anyMatch(d -> f.apply(d) == null) ? null
                : docs.stream().mapToLong(d -> f.apply(d)).sum();
    }

    private static long sumLong(List<LoadResult> docs, ToLongFunction<LoadResult> f) {
        return docs.stream().mapToLong(f).sum();
    }

    private static double max(List<LoadResult> docs, ToDoubleFunction<LoadResult> f) {
        return docs.stream().mapToDouble(f).max().orElse(0);
    }
}
