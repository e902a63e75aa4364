package dev.fluxlab.runner.registry;

import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.model.suite.SuiteAssumptions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether this machine is as big as a suite assumes: the suite's {@code assumes} (cores, memory) and the heaps its
 * cells' JVMs would hold at once. The answer is warnings, not a refusal: a seed's faithful variant still runs on a small
 * machine, and its figures are then read with the warning beside them.
 *
 * @param cores       this machine's logical CPUs
 * @param memoryBytes this machine's physical memory (0 when unknown)
 */
public record MachineFit(int cores, long memoryBytes) {

    /** This machine: available processors and {@code /proc/meminfo}'s MemTotal. */
    public static MachineFit here() {
        return new MachineFit(Runtime.getRuntime().availableProcessors(), memTotal(Path.of("/proc/meminfo")));
    }

    static long memTotal(Path meminfo) {
        try {
            for (String line : Files.readAllLines(meminfo)) {
                if (line.startsWith("MemTotal:")) {
                    return Long.parseLong(line.replaceAll("\\D+", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // unknown: no memory warning
        }
        return 0;
    }

    /** What the suite assumes that this machine lacks, one sentence each; empty when it fits. */
    public List<String> warnings(Suite suite) {
        List<String> out = new ArrayList<>();
        SuiteAssumptions a = suite.assumptions();
        if (a.cores() != null && a.cores() > cores) {
            out.add("the suite assumes " + a.cores() + " cores, this machine has " + cores + ": targets and injector "
                    + "share fewer cores than its source had, so read its figures as this machine's, not the source's");
        }
        if (a.memoryBytes() != null && memoryBytes > 0 && a.memoryBytes() > memoryBytes) {
            out.add("the suite assumes " + gb(a.memoryBytes()) + " of memory, this machine has " + gb(memoryBytes));
        }
        long heaps = 0;
        Cell largest = null;
        for (Cell c : suite.cells()) {
            long sum = c.processes().stream().mapToLong(p -> {
                Long b = SuiteAssumptions.bytes(p.heap());
                return b == null ? 0 : b;
            }).sum();
            if (sum > heaps) {
                heaps = sum;
                largest = c;
            }
        }
        if (largest != null && memoryBytes > 0 && heaps > memoryBytes) {
            out.add("cell " + largest.id() + " gives its JVMs " + gb(heaps) + " of heap, more than this machine's "
                    + gb(memoryBytes) + " of memory (with -XX:+AlwaysPreTouch they touch it all at start)");
        }
        return out;
    }

    private static String gb(long bytes) {
        return String.format(Locale.ROOT, "%.1f GB", bytes / (double) (1L << 30));
    }
}
