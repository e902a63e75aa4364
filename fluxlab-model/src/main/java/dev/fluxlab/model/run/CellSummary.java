package dev.fluxlab.model.run;

import java.util.Map;

/**
 * A cell's figures across its valid repeats (all repeats when none is valid), each with its spread.
 *
 * @param throughputRps     verified responses per second
 * @param latencyMs         corrected latency by percentile name ({@code mean}, {@code p50}, {@code p75}, {@code p90},
 *                          {@code p99}, {@code p999}, {@code p9999}, {@code max})
 * @param errors            errors per repeat (all classes together)
 * @param errorRate         errors / (ok + errors)
 * @param cpuPerRequestUs   by process name: CPU microseconds per verified response
 * @param cpuCores          by process name: cores used
 * @param rssMaxMb          by process name
 * @param warmupS           how long warm-up took
 */
public record CellSummary(
        Stat throughputRps,
        Map<String, Stat> latencyMs,
        Stat errors,
        Stat errorRate,
        Map<String, Stat> cpuPerRequestUs,
        Map<String, Stat> cpuCores,
        Map<String, Stat> rssMaxMb,
        Stat warmupS) {
}
