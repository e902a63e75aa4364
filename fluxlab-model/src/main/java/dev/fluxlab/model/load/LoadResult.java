package dev.fluxlab.model.load;

import dev.fluxlab.model.contract.ProgressLine;

import java.util.List;
import java.util.Map;

/**
 * The document {@code fluxlab load --json FILE} writes: one measured phase of one injector run.
 *
 * <p>This is a versioned contract that the runner, scripts and users read; add fields freely,
 * but bump {@link #SCHEMA} when a field changes meaning or disappears.
 *
 * @param schema          always {@link #SCHEMA}
 * @param target          the URL that was loaded
 * @param protocol        {@code http1.1}, {@code h2c}, {@code h2} or {@code h3}
 * @param model           {@code closed} (connections x in-flight, as fast as possible) or {@code open} (fixed rate)
 * @param method          HTTP method sent
 * @param connections     TCP connections used
 * @param inFlight        requests in flight per connection (h2 streams or HTTP/1.1 pipeline depth)
 * @param rateRps         open model: the intended rate; null for the closed model
 * @param warmupS         seconds the (unrecorded) warm-up phase actually took
 * @param warmupStable    for an adaptive warm-up: whether per-second throughput had settled before its bound
 * @param durationS       seconds of the measured phase
 * @param requestsOk      verified responses in the measured phase
 * @param errors          failed requests by class (connect, reset, timeout, status, body, protocol); never counted as throughput
 * @param throughputRps   requestsOk / durationS
 * @param latencyMs       corrected and uncorrected latency
 * @param lateRequests    open model: sends that left later than their intended time (by more than 1 ms)
 * @param missedRequests  open model: requests that could not be sent at all before the phase ended
 * @param injectorCpuS    user+sys CPU seconds of the injector process during the measured phase
 * @param injectorCpuCores injectorCpuS / durationS: 1.0 means one core fully busy
 * @param perSecond       per-second samples of warm-up and measurement
 * @param histogram       the corrected-latency HdrHistogram (microsecond units), compressed and base64-encoded
 * @param histogramUnit   unit of histogram values ({@code us})
 * @param uncorrectedHistogram the uncorrected HdrHistogram, same encoding
 * @param transport       the injector's I/O transport actually used ({@code epoll}, {@code io_uring} or {@code nio});
 *                        added after the first release of the schema, may be absent in older documents
 * @param injector        the tool that produced this document: {@code fluxlab} (null in older documents), or an
 *                        external peer ({@code wrk}, {@code h2load}, {@code ab}) whose text output the runner parsed,
 *                        or {@code gatling}, whose HTML report it read; percentiles such a tool does not give are NaN,
 *                        its histogram fields are null
 * @param threads         the event loops (fluxlab, the HttpClient loader) or tool threads (wrk, h2load, ab) that
 *                        actually ran the load; null in older documents
 * @param warmupJitQuiet  for an adaptive warm-up: whether every readable watched JVM had stopped compiling when it
 *                        ended (null: fixed warm-up, or no JVM's counters readable)
 * @param watchedJvms     the JIT evidence of each JVM the injector watched (its own and the targets it was told
 *                        about), in that order, then the targets on hosts without an injector that the runner watched
 *                        for it and added; null when none was watched
 * @param statuses        the unexpected statuses behind {@code errors.status}, by code ({@code {"503": 12}}; empty when
 *                        there were none); null when the injector does not report codes (external tools, older
 *                        documents). Like every error, never counted as throughput
 * @param precisionPct    with {@code --precision} ({@code measure: auto}): the half-width of the 95 % interval of the
 *                        mean throughput the measured phase reached, in percent of it (autocorrelation of the
 *                        seconds taken into account, {@code MeanPrecision}); null for a fixed measured phase
 * @param connect         without keep-alive (a connection per request): the connect times and their share of the
 *                        latency ({@link ConnectTimes}); null with keep-alive, for external tools and older documents
 * @param availableProcessors the injector JVM's {@code availableProcessors} (its CPU placement as the JVM counts it);
 *                        null for external tools and older documents
 * @param measureStartMs  the wall-clock instant its measured phase started (epoch milliseconds), so several
 *                        injectors' windows can be set side by side; null for external tools and older documents
 * @param errorDetails    the first cause the injector was given for an error of each class in the measured phase,
 *                        by the class's key ({@code {"reset": "the server sent GOAWAY PROTOCOL_ERROR (...) and closed
 *                        the connection"}}); null or missing for tools that give none
 * @param stalledRequests requests written in the measured window that still had no answer at its end after waiting
 *                        twice as long as the slowest recorded response (and at least 100 ms): a server that stalled
 *                        there, whose worst latencies the histograms therefore lack; null when not counted (tools)
 * @param warnings        what the injector found that no figure here carries, in its own words (a warm-up backlog it
 *                        dropped, a server's stream limit that capped the in-flight requests, an event loop at its
 *                        limit, requests the server stopped answering before the window; a tool's latency figures
 *                        that could not be true, {@link #withoutLatency}): a runner shows them as the repeat's
 *                        warnings; null when none, and in a merged document (each injector's own document keeps its
 *                        own)
 * @param udp             HTTP/3 only: the UDP socket buffers in effect and the kernel's UDP drops in the window
 *                        ({@link UdpSockets}); null for the other protocols, for tools and in older documents
 * @param bytesReceived   every byte the injector received in the measured phase, headers and framing included (what
 *                        wrk's {@code Transfer/sec} and ab's {@code Transfer rate} count): fluxlab counts what its
 *                        sockets read, by read time (HTTP/1.1 and h2c: the TCP payload; h2: the TLS records; h3: the
 *                        UDP payloads, QUIC packets); a tool, the total it prints; null when unknown (older
 *                        documents, Gatling), never 0 for unknown
 * @param bodyBytesReceived the response bodies' bytes in the measured phase: fluxlab's, of the responses counted in
 *                        {@link #requestsOk}; a tool's, of every response it printed them for (ab's
 *                        {@code HTML transferred}, h2load's {@code data}, oha's {@code totalData}); null when unknown
 */
public record LoadResult(
        String schema,
        String target,
        String protocol,
        String model,
        String method,
        int connections,
        int inFlight,
        Double rateRps,
        double warmupS,
        Boolean warmupStable,
        double durationS,
        long requestsOk,
        Map<String, Long> errors,
        double throughputRps,
        Latency latencyMs,
        long lateRequests,
        long missedRequests,
        double injectorCpuS,
        double injectorCpuCores,
        List<SecondSample> perSecond,
        String histogram,
        String histogramUnit,
        String uncorrectedHistogram,
        String transport,
        String injector,
        Integer threads,
        Boolean warmupJitQuiet,
        List<WatchedJvm> watchedJvms,
        Map<String, Long> statuses,
        Double precisionPct,
        ConnectTimes connect,

        Integer availableProcessors,
        Long measureStartMs,
        Map<String, String> errorDetails,
        Long stalledRequests,
        List<String> warnings,
        UdpSockets udp,
        Long bytesReceived,
        Long bodyBytesReceived) {

    public static final String SCHEMA = "fluxlab.load/1";

    /** A document without byte counts (older documents, tests). */
    public LoadResult(String schema, String target, String protocol, String model, String method, int connections,
                      int inFlight, Double rateRps, double warmupS, Boolean warmupStable, double durationS,
                      long requestsOk, Map<String, Long> errors, double throughputRps, Latency latencyMs,
                      long lateRequests, long missedRequests, double injectorCpuS, double injectorCpuCores,
                      List<SecondSample> perSecond, String histogram, String histogramUnit, String uncorrectedHistogram,
                      String transport, String injector, Integer threads, Boolean warmupJitQuiet,
                      List<WatchedJvm> watchedJvms, Map<String, Long> statuses, Double precisionPct,
                      ConnectTimes connect, Integer availableProcessors, Long measureStartMs,
                      Map<String, String> errorDetails, Long stalledRequests, List<String> warnings, UdpSockets udp) {
        this(schema, target, protocol, model, method, connections, inFlight, rateRps, warmupS, warmupStable,
                durationS, requestsOk, errors, throughputRps, latencyMs, lateRequests, missedRequests, injectorCpuS,
                injectorCpuCores, perSecond, histogram, histogramUnit, uncorrectedHistogram, transport, injector,
                threads, warmupJitQuiet, watchedJvms, statuses, precisionPct, connect, availableProcessors,
                measureStartMs, errorDetails, stalledRequests, warnings, udp, null, null);
    }

    /** A document without UDP figures (every protocol but h3, external tools, tests). */
    public LoadResult(String schema, String target, String protocol, String model, String method, int connections,
                      int inFlight, Double rateRps, double warmupS, Boolean warmupStable, double durationS,
                      long requestsOk, Map<String, Long> errors, double throughputRps, Latency latencyMs,
                      long lateRequests, long missedRequests, double injectorCpuS, double injectorCpuCores,
                      List<SecondSample> perSecond, String histogram, String histogramUnit, String uncorrectedHistogram,
                      String transport, String injector, Integer threads, Boolean warmupJitQuiet,
                      List<WatchedJvm> watchedJvms, Map<String, Long> statuses, Double precisionPct,
                      ConnectTimes connect, Integer availableProcessors, Long measureStartMs,
                      Map<String, String> errorDetails, Long stalledRequests, List<String> warnings) {
        this(schema, target, protocol, model, method, connections, inFlight, rateRps, warmupS, warmupStable,
                durationS, requestsOk, errors, throughputRps, latencyMs, lateRequests, missedRequests, injectorCpuS,
                injectorCpuCores, perSecond, histogram, histogramUnit, uncorrectedHistogram, transport, injector,
                threads, warmupJitQuiet, watchedJvms, statuses, precisionPct, connect, availableProcessors,
                measureStartMs, errorDetails, stalledRequests, warnings, null);
    }

    /** A document without the injector's processors and measured-phase instant (external tools, tests). */
    public LoadResult(String schema, String target, String protocol, String model, String method, int connections,
                      int inFlight, Double rateRps, double warmupS, Boolean warmupStable, double durationS,
                      long requestsOk, Map<String, Long> errors, double throughputRps, Latency latencyMs,
                      long lateRequests, long missedRequests, double injectorCpuS, double injectorCpuCores,
                      List<SecondSample> perSecond, String histogram, String histogramUnit, String uncorrectedHistogram,
                      String transport, String injector, Integer threads, Boolean warmupJitQuiet,
                      List<WatchedJvm> watchedJvms, Map<String, Long> statuses, Double precisionPct,
                      ConnectTimes connect) {
        this(schema, target, protocol, model, method, connections, inFlight, rateRps, warmupS, warmupStable,
                durationS, requestsOk, errors, throughputRps, latencyMs, lateRequests, missedRequests, injectorCpuS,
                injectorCpuCores, perSecond, histogram, histogramUnit, uncorrectedHistogram, transport, injector,
                threads, warmupJitQuiet, watchedJvms, statuses, precisionPct, connect, null, null, null, null, null, null);
    }

    /** A copy with the warm-up length and the injector's CPU filled in (the runner measures those for external tools). */
    public LoadResult withWarmupAndCpu(double warmupS, double injectorCpuS, double injectorCpuCores) {
        return new LoadResult(schema, target, protocol, model, method, connections, inFlight, rateRps, warmupS,
                warmupStable, durationS, requestsOk, errors, throughputRps, latencyMs, lateRequests, missedRequests,
                injectorCpuS, injectorCpuCores, perSecond, histogram, histogramUnit, uncorrectedHistogram, transport,
                injector, threads, warmupJitQuiet, watchedJvms, statuses, precisionPct, connect,
                availableProcessors, measureStartMs, errorDetails, stalledRequests, warnings, udp, bytesReceived,
                bodyBytesReceived);
    }

    /**
     * A copy without latency figures (an external tool's that could not be true: {@link LatencySummary#disorder(boolean)}),
     * with {@code why} added to its {@link #warnings}, so the repeat says why its latency is missing.
     */
    public LoadResult withoutLatency(String why) {
        List<String> said = new java.util.ArrayList<>(warnings == null ? List.of() : warnings);
        said.add(why);
        return new LoadResult(schema, target, protocol, model, method, connections, inFlight, rateRps, warmupS,
                warmupStable, durationS, requestsOk, errors, throughputRps,
                new Latency(LatencySummary.UNKNOWN, LatencySummary.UNKNOWN), lateRequests, missedRequests,
                injectorCpuS, injectorCpuCores, perSecond, null, histogramUnit, null, transport,
                injector, threads, warmupJitQuiet, watchedJvms, statuses, precisionPct, connect,
                availableProcessors, measureStartMs, errorDetails, stalledRequests, List.copyOf(said), udp, bytesReceived,
                bodyBytesReceived);
    }

    /**
     * A copy whose automatic warm-up is marked as not settled and not JIT-quiet: the runner kept the injector at its
     * start gate for a target JVM it could not watch itself, and that JVM was still compiling at the warm-up's bound.
     */
    public LoadResult withWarmupUnsettled() {
        return new LoadResult(schema, target, protocol, model, method, connections, inFlight, rateRps, warmupS,
                Boolean.FALSE, durationS, requestsOk, errors, throughputRps, latencyMs, lateRequests, missedRequests,
                injectorCpuS, injectorCpuCores, perSecond, histogram, histogramUnit, uncorrectedHistogram, transport,
                injector, threads, Boolean.FALSE, watchedJvms, statuses, precisionPct, connect,
                availableProcessors, measureStartMs, errorDetails, stalledRequests, warnings, udp, bytesReceived,
                bodyBytesReceived);
    }

    /**
     * A copy with {@code more} JVMs' JIT evidence after the injector's own: the targets the runner watched for it
     * because they ran on a host without an injector.
     */
    public LoadResult withMoreWatched(List<WatchedJvm> more) {
        if (more.isEmpty()) {
            return this;
        }
        List<WatchedJvm> all = new java.util.ArrayList<>(watchedJvms == null ? List.of() : watchedJvms);
        all.addAll(more);
        return new LoadResult(schema, target, protocol, model, method, connections, inFlight, rateRps, warmupS,
                warmupStable, durationS, requestsOk, errors, throughputRps, latencyMs, lateRequests, missedRequests,
                injectorCpuS, injectorCpuCores, perSecond, histogram, histogramUnit, uncorrectedHistogram, transport,
                injector, threads, warmupJitQuiet, List.copyOf(all), statuses, precisionPct, connect,
                availableProcessors, measureStartMs, errorDetails, stalledRequests, warnings, udp, bytesReceived,
                bodyBytesReceived);
    }

    /**
     * Verified responses in each full second of the measured phase, in order: a trailing partial second (a window
     * ended by a request count or a precision) is left out, as are the warm-up's seconds; empty without a series.
     */
    public List<Long> measuredSeconds() {
        return perSecond == null ? List.of() : perSecond.stream()
                .filter(x -> ProgressLine.MEASURE_PHASE.equals(x.phase()) && x.t() <= Math.floor(durationS + 1e-9))
                .map(SecondSample::ok).toList();
    }

    /**
     * One sentence per watched JVM that was still compiling (or invalidating compiled code) during the measured
     * phase, for a verdict to quote; empty when none was or nothing was watched.
     */
    public List<String> stillCompiling() {
        return watchedJvms == null ? List.of() : watchedJvms.stream()
                .filter(WatchedJvm::compiledWhileMeasured).map(WatchedJvm::describe).toList();
    }

    /**
     * The errors by class, the unexpected statuses after {@code status} and the first cause the injector gave for the
     * others: {@code reset 12 (the server closed the connection), status 3 [got 503 x 3]}; empty when none failed.
     */
    public String describeErrors() {
        if (errors == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        errors.forEach((k, v) -> {
            if (v > 0) {
                sb.append(sb.isEmpty() ? "" : ", ").append(k).append(' ').append(v);
                boolean codes = k.equals("status") && statuses != null && !statuses.isEmpty();
                if (codes) {
                    StringBuilder got = new StringBuilder();
                    statuses.forEach((code, n) -> got.append(got.isEmpty() ? "" : ", ").append(code).append(" x ").append(n));
                    sb.append(" [got ").append(got).append(']');
                }
                // the codes say what the status class's cause would
                String why = errorDetails == null || codes ? null : errorDetails.get(k);
                if (why != null) {
                    sb.append(" (").append(why).append(')');
                }
            }
        });
        return sb.toString();
    }

    /**
     * A copy with the bytes received in the measured phase: {@code bytes} in all, {@code bodyBytes} of them response
     * bodies (either null when unknown); see {@link #bytesReceived}.
     */
    public LoadResult withBytes(Long bytes, Long bodyBytes) {
        return new LoadResult(schema, target, protocol, model, method, connections, inFlight, rateRps, warmupS,
                warmupStable, durationS, requestsOk, errors, throughputRps, latencyMs, lateRequests, missedRequests,
                injectorCpuS, injectorCpuCores, perSecond, histogram, histogramUnit, uncorrectedHistogram, transport,
                injector, threads, warmupJitQuiet, watchedJvms, statuses, precisionPct, connect,
                availableProcessors, measureStartMs, errorDetails, stalledRequests, warnings, udp, bytes, bodyBytes);
    }

    /**
     * Bytes received per second of the measured phase ({@link #bytesReceived} / {@link #durationS}); NaN when the
     * count is unknown or the phase took no time, never 0 for unknown.
     */
    public double bytesPerS() {
        return bytesReceived == null || !(durationS > 0) ? Double.NaN : bytesReceived / durationS;
    }

    /** Sum of all error classes. */
    public long errorCount() {
        return errors == null ? 0 : errors.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Errors over every request that ended (verified responses plus errors); NaN when none ended. */
    public double errorRate() {
        long total = requestsOk + errorCount();
        return total == 0 ? Double.NaN : (double) errorCount() / total;
    }
}
