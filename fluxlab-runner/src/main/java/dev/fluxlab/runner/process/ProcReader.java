package dev.fluxlab.runner.process;

import dev.fluxlab.probe.ProcStat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Reads a process's CPU time, resident memory and thread count from Linux's {@code /proc}: {@code utime + stime}
 * from {@code /proc/<pid>/stat} in clock ticks ({@code getconf CLK_TCK}, asked once), {@code VmRSS} and
 * {@code Threads} from {@code /proc/<pid>/status}.
 */
public final class ProcReader {

    /** One reading: cumulative CPU seconds (user + system), RSS in MiB, threads. */
    public record Reading(double cpuS, double rssMb, int threads) {
    }

    private static volatile Long clockTicks;

    private ProcReader() {
    }

    /** Clock ticks per second; 100 when {@code getconf} is unavailable. */
    public static long clockTicks() {
        Long t = clockTicks;
        if (t == null) {
            t = 100L;
            try {
                Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
                String out = new String(p.getInputStream().readAllBytes()).strip();
                if (p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0 && out.matches("\\d+")) {
                    t = Long.parseLong(out);
                }
            } catch (IOException e) {
                // keep the default
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            clockTicks = t;
        }
        return t;
    }

    /**
     * Cumulative CPU seconds of the whole machine, summed over its CPUs: busy, idle, and the steal inside busy (null
     * when the kernel's line has no steal column).
     */
    public record MachineReading(double busyS, double idleS, Double stealS) {
    }

    /** Reads the aggregate {@code cpu} line of {@code /proc/stat}; empty when it is not there. */
    public static Optional<MachineReading> readMachine() {
        return readMachine(Path.of("/proc/stat"));
    }

    /** Reads the aggregate {@code cpu} line of a file in {@code /proc/stat}'s format; empty when it is not there. */
    public static Optional<MachineReading> readMachine(Path procStat) {
        try (var lines = Files.lines(procStat)) {
            return lines.filter(l -> l.startsWith("cpu ")).findFirst().map(ProcReader::machine);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Parses {@code cpu  user nice system idle iowait irq softirq steal guest guest_nice} (ticks). */
    static MachineReading machine(String line) {
        String[] f = line.substring(3).trim().split("\\s+");
        long[] v = new long[8];
        for (int i = 0; i < v.length && i < f.length; i++) {
            v[i] = Long.parseLong(f[i]);
        }
        // guest time is already inside user; busy = user nice system irq softirq steal, idle = idle iowait
        long busy = v[0] + v[1] + v[2] + v[5] + v[6] + v[7];
        long idle = v[3] + v[4];
        double tick = clockTicks();
        return new MachineReading(busy / tick, idle / tick, f.length >= 8 ? v[7] / tick : null);
    }

    /**
     * The sum of the readings of {@code pids} (a process tree, root first): CPU, RSS and threads of those still there;
     * empty when the root is gone. CPU includes, for each of them, the cumulative CPU of its children that ended and
     * were waited for ({@code cutime + cstime} of {@code /proc/<pid>/stat}: a launcher script's finished build step,
     * a short-lived helper), which the kernel adds there when the child is reaped. Not counted: a child reaped by a
     * process outside the tree (an orphan adopted by init or a subreaper), and a zombie's own time between its end
     * and its reaping is read from the zombie itself.
     */
    public static Optional<Reading> readTree(java.util.List<Long> pids) {
        Optional<Reading> root = pids.isEmpty() ? Optional.empty() : read(pids.get(0));
        if (root.isEmpty()) {
            return root;
        }
        double cpu = 0;
        double rss = 0;
        int threads = 0;
        for (long pid : pids) {
            Optional<Reading> r = read(pid);
            if (r.isPresent()) {
                cpu += r.get().cpuS() + endedChildrenCpuS(pid);
                rss += r.get().rssMb();
                threads += r.get().threads();
            }
        }
        return Optional.of(new Reading(cpu, rss, threads));
    }

    /** CPU seconds of {@code pid}'s children that ended and it waited for ({@code cutime + cstime}); 0 when gone. */
    static double endedChildrenCpuS(long pid) {
        return ProcStat.of(pid).map(s -> s.childTicks() / (double) clockTicks()).orElse(0.0);
    }

    /** Reads {@code pid}; empty when the process is gone or /proc is not there. */
    public static Optional<Reading> read(long pid) {
        Optional<ProcStat> stat = ProcStat.of(pid);
        if (stat.isEmpty()) {
            return Optional.empty();
        }
        try {
            long ticks = stat.get().cpuTicks();
            double rss = 0;
            int threads = 0;
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    rss = Long.parseLong(line.substring(6).trim().split("\\s+")[0]) / 1024.0;
                } else if (line.startsWith("Threads:")) {
                    threads = Integer.parseInt(line.substring(8).trim());
                }
            }
            return Optional.of(new Reading((double) ticks / clockTicks(), rss, threads));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
