package dev.fluxlab.loadgen;

import dev.fluxlab.model.load.LoadResult;
import org.HdrHistogram.Histogram;

import java.util.List;

/**
 * A finished run: the result document plus what only humans need (full histograms, transport, threads,
 * per-loop busy fractions and warnings).
 *
 * @param result        the {@code fluxlab.load/1} document
 * @param corrected     corrected latency, microseconds
 * @param uncorrected   uncorrected latency, microseconds
 * @param threads       injector event loops used
 * @param loopBusy      CPU fraction of each event-loop thread during the measured phase (-1 when unknown)
 * @param warnings      things the reader must know (saturated injector, open model behind schedule, ...)
 */
public record LoadOutcome(LoadResult result, Histogram corrected, Histogram uncorrected, int threads,
                          double[] loopBusy, List<String> warnings) {
}
