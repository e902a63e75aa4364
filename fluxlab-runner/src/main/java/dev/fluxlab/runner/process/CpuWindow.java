package dev.fluxlab.runner.process;

import dev.fluxlab.model.run.MachineCpu;
import dev.fluxlab.model.run.ProcessSample;

import java.util.List;
import java.util.Optional;

/**
 * A repeat's measured window in seconds since the repeat started, and the CPU arithmetic over it: CPU seconds, cores
 * and CPU per request of a process, the whole machine's cores, the injector's share. Every figure is NaN when there
 * is no window (the load gave no document, or its phase could not be placed in time).
 *
 * @param from start of the measured phase
 * @param to   its end
 */
public record CpuWindow(double from, double to) {

    /** No measured window. */
    public static final CpuWindow NONE = new CpuWindow(Double.NaN, Double.NaN);

    /**
     * The window of a load's measured phase: from the moment its progress said {@code measure} for the document's
     * {@code durationS}, cut at the moment the load process ended; without a progress line, the {@code durationS}
     * before that end.
     *
     * @param measureStart when the measured phase started (NaN when no progress line said so)
     * @param loadEnd      when the load process ended (NaN when unknown)
     * @param durationS    the measured phase's length the load document reports
     */
    public static CpuWindow of(double measureStart, double loadEnd, double durationS) {
        double from;
        double to;
        if (!Double.isNaN(measureStart)) {
            from = measureStart;
            to = Math.min(from + durationS, loadEnd);
        } else {
            to = loadEnd;
            from = to - durationS;
        }
        return !Double.isNaN(from) && to > from ? new CpuWindow(from, to) : NONE;
    }

    public boolean measured() {
        return !Double.isNaN(from) && to > from;
    }

    /** Length in seconds; NaN without a window. */
    public double seconds() {
        return measured() ? to - from : Double.NaN;
    }

    /** CPU seconds a process used in the window, interpolated between its samples. */
    public double cpuS(List<ProcessSample> samples) {
        return measured() ? Sampler.cpuAt(samples, to) - Sampler.cpuAt(samples, from) : Double.NaN;
    }

    /** Average cores a process used in the window (1.0 = one core busy). */
    public double cores(List<ProcessSample> samples) {
        return cpuS(samples) / seconds();
    }

    /**
     * CPU microseconds per verified response: the rate over the sampled window times the load's own measured
     * duration, the same figure when the window covers the phase, and honest when an external tool's last second
     * fell between samples. NaN without responses.
     */
    public double cpuPerRequestUs(List<ProcessSample> samples, double durationS, long requestsOk) {
        return requestsOk > 0 ? cores(samples) * durationS * 1e6 / requestsOk : Double.NaN;
    }

    /**
     * The whole machine's CPU in the window, with the busy cores none of this repeat's processes account for.
     *
     * @param oursCpuS CPU seconds of every process of the repeat in the window
     */
    public Optional<MachineCpu> machine(Sampler sampler, double oursCpuS) {
        return measured() ? sampler.machineCores(from, to).map(m -> machine(m, oursCpuS)) : Optional.empty();
    }

    /**
     * Like {@link #machine(Sampler, double)} for the suite host {@code host}, from its agent's readings.
     *
     * @param oursCpuS CPU seconds of this repeat's processes on that host in the window
     */
    public Optional<MachineCpu> machine(Sampler sampler, String host, double oursCpuS) {
        return measured() ? sampler.machineCores(host, from, to).map(m -> machine(m, oursCpuS)) : Optional.empty();
    }

    private MachineCpu machine(Sampler.MachineCores m, double oursCpuS) {
        double ours = oursCpuS / seconds();
        return new MachineCpu((int) Math.round(m.busy() + m.idle()), round(m.busy(), 3), round(m.idle(), 3),
                round(Math.max(0, m.busy() - ours), 3), m.steal() == null ? null : round(m.steal(), 3));
    }

    /** {@code part / all}, NaN when either is unknown or {@code all} is zero. */
    public static double share(double part, double all) {
        return all > 0 && !Double.isNaN(part) ? part / all : Double.NaN;
    }

    /** {@code v} to {@code digits} decimals; NaN and infinities stay as they are. */
    public static double round(double v, int digits) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return v;
        }
        double f = Math.pow(10, digits);
        return Math.round(v * f) / f;
    }
}
