package dev.fluxlab.runner.decide;

import dev.fluxlab.model.decide.Window;
import dev.fluxlab.model.load.LatencySummary;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.run.ProcessSample;
import dev.fluxlab.runner.launch.Commands;
import dev.fluxlab.runner.process.ChildProcess;
import dev.fluxlab.runner.process.Sampler;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One window of a trial as results.json keeps it: the load document's figures and the CPU its processes spent. */
final class TrialWindows {

    private TrialWindows() {
    }

    /** A window as the decision sees it, from the window's load document and the CPU its processes spent in it. */
    static Window window(String id, int round, double at, LoadResult r, Map<String, Double> cpuUsPerRequest) {
        LatencySummary l = r.latencyMs() == null ? null : r.latencyMs().corrected();
        return new Window(id, round, at, r.durationS(), r.requestsOk(), r.errorCount(), r.throughputRps(),
                l == null ? null : l.p50(), l == null ? null : l.p90(), l == null ? null : l.p99(), cpuUsPerRequest,
                r.histogram());
    }

    /**
     * CPU microseconds per response of each process in the measured part of a window: the targets' from the
     * sampler's readings (once a second, and one right after the window), interpolated at the measured phase's start
     * and end, which the load document dates in wall-clock time; the injector's as it measured itself. Null when the
     * window answered nothing. {@code targets}: the processes whose CPU served this window's load alone (none when
     * another load ran on them at the same time).
     */
    static Map<String, Double> cpuPerRequest(Sampler sampler, List<ChildProcess> targets, LoadResult r,
                                             long epochBefore, double sampledBefore) {
        if (r.requestsOk() <= 0) {
            return null;
        }
        Map<String, Double> out = new LinkedHashMap<>();
        java.util.Optional<double[]> span = measuredSpan(r, epochBefore, sampledBefore, sampler.now());
        if (span.isPresent()) {
            double from = span.get()[0];
            double to = span.get()[1];
            for (ChildProcess p : targets) {
                List<ProcessSample> s = sampler.samples(p);
                double cpu = Sampler.cpuAt(s, to) - Sampler.cpuAt(s, from);
                if (Double.isFinite(cpu) && cpu >= 0) {
                    out.put(p.name(), micros(cpu, r.requestsOk()));
                }
            }
        }
        out.put(Commands.INJECTOR, micros(r.injectorCpuS(), r.requestsOk()));
        return out;
    }

    /**
     * The measured phase of a window on the sampler's clock ({@code from}, {@code to} in seconds), from the load
     * document's wall-clock start against the wall clock and the sampler's time read together before the job
     * ({@code epochBefore}, {@code sampledBefore}); empty when it has none, or when it does not lie within the job
     * (from before the job to {@code sampledNow}, 0.25 s of slack): the wall clock jumped meanwhile (an NTP step), and
     * the targets' CPU read at those instants would belong to other seconds than the window's.
     */
    static java.util.Optional<double[]> measuredSpan(LoadResult r, long epochBefore, double sampledBefore,
                                                     double sampledNow) {
        if (r.measureStartMs() == null) {
            return java.util.Optional.empty();
        }
        double from = sampledBefore + (r.measureStartMs() - epochBefore) / 1e3;
        double to = from + r.durationS();
        boolean inside = from >= sampledBefore - SLACK_S && to <= sampledNow + SLACK_S;
        return inside ? java.util.Optional.of(new double[]{from, to}) : java.util.Optional.empty();
    }

    private static final double SLACK_S = 0.25;

    private static double micros(double cpuSeconds, long requests) {
        return Math.round(cpuSeconds * 1e8 / requests) / 100.0;
    }
}
