package dev.fluxlab.model.decide;

import java.util.Map;

/**
 * One measured window of one cell in one round of an interleaved trial: the cells of a claim take turns, round by
 * round, so that whatever the machine does over minutes (a neighbour's job, thermal throttling, a slower drift) falls
 * on every cell of a round alike and cancels in their ratio. Written to {@code results.json} as it is, so that a
 * report can replay the decision ({@link Trial#recompute}).
 *
 * @param cell         the cell's id in the run
 * @param round        the round the window belongs to; windows of different cells are paired by it
 * @param startSeconds when the window started, in seconds from the start of the trial
 * @param seconds      its length, in seconds
 * @param requests     responses counted in it
 * @param errors       errors counted in it
 * @param rps          its throughput, responses per second
 * @param p50Ms        its median latency, in milliseconds; null when not measured
 * @param p90Ms        its 90th percentile latency, in milliseconds; null when not measured
 * @param p99Ms        its 99th percentile latency, in milliseconds; null when not measured
 * @param cpuUsPerRequest per process of the cell (its targets by name, and {@code injector}), CPU microseconds per
 *                     response in the window; null when not measured (results written before it was recorded)
 * @param histogram    the window's latency histogram, corrected for coordinated omission in the open model
 *                     (HdrHistogram's compressed encoding, base64, microseconds, as in the load document); null when
 *                     not recorded
 */
public record Window(String cell, int round, double startSeconds, double seconds, long requests, long errors,
                     double rps, Double p50Ms, Double p90Ms, Double p99Ms, Map<String, Double> cpuUsPerRequest,
                     String histogram) {

    public Window {
        cpuUsPerRequest = cpuUsPerRequest == null ? null
                : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(cpuUsPerRequest));
    }

    /** A window without CPU or histogram (a simulation, or results written before they were recorded). */
    public Window(String cell, int round, double startSeconds, double seconds, long requests, long errors, double rps,
                  Double p50Ms, Double p90Ms, Double p99Ms) {
        this(cell, round, startSeconds, seconds, requests, errors, rps, p50Ms, p90Ms, p99Ms, null, null);
    }
}
