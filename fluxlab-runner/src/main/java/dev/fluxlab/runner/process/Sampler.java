package dev.fluxlab.runner.process;

import dev.fluxlab.model.run.ListenQueue;
import dev.fluxlab.model.run.ProcessSample;
import dev.fluxlab.probe.HotSpotCounters;
import dev.fluxlab.probe.JitSnapshot;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * Samples every watched process once a second (and on demand, e.g. when the injector reports a phase change),
 * with times in seconds since the repeat started; with them the machine's CPU and the kernel's listen-queue evidence
 * ({@link NetReader}). CPU over a window is the difference of the cumulative CPU
 * interpolated at the window's ends.
 */
public final class Sampler implements AutoCloseable {

    private final long originNanos;
    private final Map<ChildProcess, List<ProcessSample>> samples = new LinkedHashMap<>();
    private final List<MachineSample> machine = new ArrayList<>();
    /** By suite host: that host's whole-machine samples, from its agent (processes on other hosts). */
    private final Map<String, List<MachineSample>> hostMachines = new LinkedHashMap<>();

    private final Supplier<Optional<ProcReader.MachineReading>> machineSource;
    private final List<NetSample> net = new ArrayList<>();
    private Integer listenPort;

    /** The namespace's listen counters at {@code t}, and the watched listening socket's queue (null: not seen). */
    record NetSample(double t, NetReader.ListenCounters counters, NetReader.AcceptQueue queue) {
    }

    /** The whole machine's cumulative busy, idle and steal CPU seconds (all CPUs) at {@code t}. */
    record MachineSample(double t, double busyS, double idleS, Double stealS) {
    }

    /** The whole machine's average cores over a window: busy, idle, and steal (inside busy; null when unknown). */
    public record MachineCores(double busy, double idle, Double steal) {
    }

    private final ScheduledExecutorService timer;

    public Sampler(long originNanos) {
        this(originNanos, ProcReader::readMachine);
    }

    /** A sampler reading the machine's CPU from {@code machineSource} (tests feed a fake /proc/stat sequence). */
    Sampler(long originNanos, Supplier<Optional<ProcReader.MachineReading>> machineSource) {
        this.originNanos = originNanos;
        this.machineSource = machineSource;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "fluxlab-sampler");
            t.setDaemon(true);
            return t;
        });
        sampleMachine();
        timer.scheduleAtFixedRate(this::sampleAll, 1, 1, TimeUnit.SECONDS);
    }

    public synchronized void watch(ChildProcess c) {
        samples.putIfAbsent(c, new ArrayList<>());
        sampleOne(c, samples.get(c));
        sampleMachine();
    }

    /** Every process watched so far, in no particular order. */
    public synchronized List<ChildProcess> watched() {
        return List.copyOf(samples.keySet());
    }

    /** Seconds since the origin. */
    public double now() {
        return (System.nanoTime() - originNanos) / 1e9;
    }

    /**
     * Samples every watched process and the machine now; processes on other hosts get a fresh round from their host's
     * agent first (bounded), so a phase boundary is sampled there too.
     */
    public void sampleNow() {
        List<RemoteSide> remotes;
        synchronized (this) {
            remotes = samples.keySet().stream().map(ChildProcess::remote).filter(r -> r != null).toList();
        }
        remotes.stream().collect(java.util.stream.Collectors.toMap(RemoteSide::host, r -> r, (a, b) -> a))
                .values().forEach(RemoteSide::refresh);
        sampleAll();
    }

    /** Every watched process and the machine, from what is at hand (the timer's once-a-second round). */
    private synchronized void sampleAll() {
        samples.forEach(this::sampleOne);
        sampleMachine();
    }

    /** Samples the accept queue of the socket listening on {@code port} (the entry target's) from now on. */
    public synchronized void watchListen(int port) {
        listenPort = port;
        sampleMachine();
    }

    private synchronized void sampleMachine() {
        double t = now();
        machineSource.get().ifPresent(m -> machine.add(new MachineSample(t, m.busyS(), m.idleS(), m.stealS())));
        Integer port = listenPort;
        NetReader.counters().ifPresent(c -> net.add(new NetSample(t, c,
                port == null ? null : NetReader.acceptQueue(port).orElse(null))));
    }

    /**
     * Accept-queue evidence between {@code from} and {@code to} (seconds since the origin): the counters' increase
     * from the last sample at or before {@code from} to the first at or after {@code to}, and the listening socket's
     * largest queue in between; empty without a watched port or without samples around the window.
     */
    public synchronized Optional<ListenQueue> listenQueue(double from, double to) {
        return listenQueue(net, listenPort, from, to);
    }

    static Optional<ListenQueue> listenQueue(List<NetSample> net, Integer port, double from, double to) {
        if (port == null || !(to > from)) {
            return Optional.empty();
        }
        NetSample before = null;
        NetSample after = null;
        for (NetSample n : net) {
            if (n.t() <= from + 0.05) {
                before = n;
            }
            if (after == null && n.t() >= to - 0.05) {
                after = n;
            }
        }
        if (before == null || after == null) {
            return Optional.empty();
        }
        double t0 = before.t();
        double t1 = after.t();
        List<NetReader.AcceptQueue> queues = net.stream().filter(n -> n.t() >= t0 && n.t() <= t1 && n.queue() != null)
                .map(NetSample::queue).toList();
        return Optional.of(new ListenQueue(port, after.counters().overflows() - before.counters().overflows(),
                after.counters().drops() - before.counters().drops(), ListenQueue.NAMESPACE,
                queues.isEmpty() ? null : queues.stream().mapToLong(NetReader.AcceptQueue::queued).max().orElseThrow(),
                NetReader.somaxconn().orElse(null), queues.size()));
    }

    /**
     * The whole machine's cores between {@code from} and {@code to} (seconds since the origin), interpolated like a
     * process's CPU; empty when /proc/stat was not sampled around the window.
     */
    public synchronized Optional<MachineCores> machineCores(double from, double to) {
        return machineCores(machine, from, to);
    }

    /** Like {@link #machineCores(double, double)} for a suite host, from its agent's readings. */
    public synchronized Optional<MachineCores> machineCores(String host, double from, double to) {
        return machineCores(hostMachines.getOrDefault(host, List.of()), from, to);
    }

    /** The suite hosts whose machine this sampler has readings of. */
    public synchronized java.util.Set<String> hosts() {
        return java.util.Set.copyOf(hostMachines.keySet());
    }

    static Optional<MachineCores> machineCores(List<MachineSample> machine, double from, double to) {
        // only a window the samples bracket: clamping at the ends would count part of it as idle-free nothing
        if (machine.size() < 2 || !(to > from) || machine.get(0).t() > from + 0.05
                || machine.get(machine.size() - 1).t() < to - 0.05) {
            return Optional.empty();
        }
        double seconds = to - from;
        double busy = (at(machine, to, MachineSample::t, MachineSample::busyS)
                - at(machine, from, MachineSample::t, MachineSample::busyS)) / seconds;
        double idle = (at(machine, to, MachineSample::t, MachineSample::idleS)
                - at(machine, from, MachineSample::t, MachineSample::idleS)) / seconds;
        Double steal = machine.stream().allMatch(m -> m.stealS() != null)
                ? (at(machine, to, MachineSample::t, MachineSample::stealS)
                - at(machine, from, MachineSample::t, MachineSample::stealS)) / seconds
                : null;
        return Optional.of(new MachineCores(busy, idle, steal));
    }

    /** /proc for CPU and memory, and for a JVM its HotSpot counters for the JIT timeline (read, never attached). */
    private void sampleOne(ChildProcess c, List<ProcessSample> list) {
        if (c.remote() != null) {
            sampleRemote(c.remote(), list);
            return;
        }
        double t = now();
        // a suite's own command: its whole process tree (a launcher script or wrapper may fork the server)
        (c.isCommand() ? ProcReader.readTree(c.treePids()) : ProcReader.read(c.pid())).ifPresent(r -> {
            Optional<JitSnapshot> jit = c.jvmPid().flatMap(HotSpotCounters::jit);
            list.add(new ProcessSample(round(t, 3), r.cpuS(), round(r.rssMb(), 1), r.threads(),
                    jit.map(j -> round(j.compileMs(), 1)).orElse(null), jit.map(JitSnapshot::compiles).orElse(null)));
        });
    }

    /** A process on another host: its agent's latest reading, when newer than the last one kept; its host's machine. */
    private void sampleRemote(RemoteSide r, List<ProcessSample> list) {
        r.reading().ifPresent(x -> {
            double t = round((x.nanos() - originNanos) / 1e9, 3);
            if (list.isEmpty() || list.get(list.size() - 1).t() < t) {
                list.add(new ProcessSample(t, x.cpuS(), round(x.rssMb(), 1), x.threads(),
                        x.compileMs() == null ? null : round(x.compileMs(), 1), x.compiles()));
            }
        });
        r.machine().ifPresent(m -> {
            List<MachineSample> host = hostMachines.computeIfAbsent(r.host(), h -> new ArrayList<>());
            double t = (m.nanos() - originNanos) / 1e9;
            if (host.isEmpty() || host.get(host.size() - 1).t() < t) {
                host.add(new MachineSample(t, m.reading().busyS(), m.reading().idleS(), m.reading().stealS()));
            }
        });
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
        return at(s, t, ProcessSample::t, ProcessSample::cpuS);
    }

    /** A cumulative figure at {@code t}, linearly interpolated between samples, clamped to the first/last; NaN if none. */
    private static <S> double at(List<S> s, double t, ToDoubleFunction<S> time, ToDoubleFunction<S> value) {
        if (s.isEmpty()) {
            return Double.NaN;
        }
        if (t <= time.applyAsDouble(s.get(0))) {
            return value.applyAsDouble(s.get(0));
        }
        for (int i = 1; i < s.size(); i++) {
            S b = s.get(i);
            if (t <= time.applyAsDouble(b)) {
                S a = s.get(i - 1);
                double span = time.applyAsDouble(b) - time.applyAsDouble(a);
                return span <= 0 ? value.applyAsDouble(b) : value.applyAsDouble(a)
                        + (value.applyAsDouble(b) - value.applyAsDouble(a)) * (t - time.applyAsDouble(a)) / span;
            }
        }
        return value.applyAsDouble(s.get(s.size() - 1));
    }

    static double round(double v, int digits) {
        double f = Math.pow(10, digits);
        return Math.round(v * f) / f;
    }
}
