package dev.fluxlab.runner.process;

import dev.fluxlab.model.run.ProcessSample;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Samples every watched process once a second (and on demand, e.g. when the injector reports a phase change),
 * with times in seconds since the repeat started. CPU over a window is the difference of the cumulative CPU
 * interpolated at the window's ends.
 */
public final class Sampler implements AutoCloseable {

    private final long originNanos;
    private final Map<ChildProcess, List<ProcessSample>> samples = new LinkedHashMap<>();
    private final List<double[]> machine = new ArrayList<>(); // t, busy CPU s, idle CPU s (all CPUs)
    private final ScheduledExecutorService timer;

    public Sampler(long originNanos) {
        this.originNanos = originNanos;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "fluxlab-sampler");
            t.setDaemon(true);
            return t;
        });
        sampleMachine();
        timer.scheduleAtFixedRate(this::sampleNow, 1, 1, TimeUnit.SECONDS);
    }

    public synchronized void watch(ChildProcess c) {
        samples.putIfAbsent(c, new ArrayList<>());
        sampleOne(c, samples.get(c));
        sampleMachine();
    }

    /** Seconds since the origin. */
    public double now() {
        return (System.nanoTime() - originNanos) / 1e9;
    }

    public synchronized void sampleNow() {
        samples.forEach(this::sampleOne);
        sampleMachine();
    }

    private synchronized void sampleMachine() {
        double t = now();
        ProcReader.readMachine().ifPresent(m -> machine.add(new double[]{t, m.busyS(), m.idleS()}));
    }

    /**
     * The whole machine's busy and idle cores between {@code from} and {@code to} (seconds since the origin),
     * interpolated like a process's CPU; empty when /proc/stat was not sampled around the window.
     */
    public synchronized Optional<double[]> machineCores(double from, double to) {
        // only a window the samples bracket: clamping at the ends would count part of it as idle-free nothing
        if (machine.size() < 2 || !(to > from) || machine.get(0)[0] > from + 0.05
                || machine.get(machine.size() - 1)[0] < to - 0.05) {
            return Optional.empty();
        }
        double seconds = to - from;
        double busy = (at(to, 1) - at(from, 1)) / seconds;
        double idle = (at(to, 2) - at(from, 2)) / seconds;
        return Optional.of(new double[]{busy, idle});
    }

    private double at(double t, int column) {
        double[] first = machine.get(0);
        if (t <= first[0]) {
            return first[column];
        }
        for (int i = 1; i < machine.size(); i++) {
            double[] b = machine.get(i);
            if (t <= b[0]) {
                double[] a = machine.get(i - 1);
                double span = b[0] - a[0];
                return span <= 0 ? b[column] : a[column] + (b[column] - a[column]) * (t - a[0]) / span;
            }
        }
        return machine.get(machine.size() - 1)[column];
    }

    private void sampleOne(ChildProcess c, List<ProcessSample> list) {
        double t = now();
        ProcReader.read(c.pid()).ifPresent(r -> list.add(new ProcessSample(round(t, 3), r.cpuS(), round(r.rssMb(), 1), r.threads())));
    }

    public synchronized List<ProcessSample> samples(ChildProcess c) {
        return List.copyOf(samples.getOrDefault(c, List.of()));
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }

    /** Cumulative CPU seconds at time {@code t}, linearly interpolated, clamped to the first/last sample. */
    public static double cpuAt(List<ProcessSample> s, double t) {
        if (s.isEmpty()) {
            return Double.NaN;
        }
        if (t <= s.get(0).t()) {
            return s.get(0).cpuS();
        }
        for (int i = 1; i < s.size(); i++) {
            ProcessSample b = s.get(i);
            if (t <= b.t()) {
                ProcessSample a = s.get(i - 1);
                double span = b.t() - a.t();
                return span <= 0 ? b.cpuS() : a.cpuS() + (b.cpuS() - a.cpuS()) * (t - a.t()) / span;
            }
        }
        return s.get(s.size() - 1).cpuS();
    }

    static double round(double v, int digits) {
        double f = Math.pow(10, digits);
        return Math.round(v * f) / f;
    }
}
