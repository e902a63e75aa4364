package dev.fluxlab.runner.host;

import dev.fluxlab.model.placement.CpuList;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Puts a JVM command line on a CPU list: {@code taskset -c LIST} before it ({@link CpuAffinity#prefix}), and
 * {@code -XX:ActiveProcessorCount=N} after the {@code java} executable when a JVM on that list counts other than its
 * size ({@link CpuAffinity#activeProcessorCount}). How a JVM counts is asked once per list and run, by starting
 * {@link ProcessorCount} under taskset (about half a second).
 */
public final class CpuPinning {

    private final String java;
    private final String classpath;
    private final Map<CpuList, Integer> counted = new ConcurrentHashMap<>();

    /** {@code java} and {@code classpath}: the children's JVM and a classpath holding {@link ProcessorCount}. */
    public CpuPinning(String java, String classpath) {
        this.java = java;
        this.classpath = classpath;
    }

    /** {@code command} (a JVM command line, the {@code java} executable first) pinned to {@code cpus}; as is for null. */
    public List<String> pin(CpuList cpus, List<String> command) {
        if (cpus == null) {
            return command;
        }
        List<String> out = new ArrayList<>(CpuAffinity.prefix(cpus));
        out.add(command.getFirst());
        activeProcessorCount(cpus).ifPresent(n -> out.add("-XX:ActiveProcessorCount=" + n));
        out.addAll(command.subList(1, command.size()));
        return out;
    }

    /** The count given with {@code -XX:ActiveProcessorCount} to JVMs on {@code cpus}, or empty when none is needed. */
    public Optional<Integer> activeProcessorCount(CpuList cpus) {
        if (cpus == null) {
            return Optional.empty();
        }
        int seen = counted.computeIfAbsent(cpus, this::count);
        return CpuAffinity.activeProcessorCount(cpus, seen).map(flag -> cpus.size());
    }

    private int count(CpuList cpus) {
        List<String> cmd = new ArrayList<>(CpuAffinity.prefix(cpus));
        cmd.addAll(List.of(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", classpath,
                ProcessorCount.class.getName()));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).strip();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0 || !out.matches("\\d+")) {
                p.destroyForcibly();
                throw new IllegalStateException("could not ask a JVM on CPUs " + cpus + " for its processor count: "
                        + ShellWords.line(cmd) + " said: " + out);
            }
            return Integer.parseInt(out);
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + ShellWords.line(cmd), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while asking a JVM for its processor count", e);
        }
    }
}
