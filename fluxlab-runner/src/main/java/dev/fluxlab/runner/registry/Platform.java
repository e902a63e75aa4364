package dev.fluxlab.runner.registry;

import dev.fluxlab.model.Refusal;
import dev.fluxlab.model.contract.SocketBudget;
import dev.fluxlab.model.placement.CpuList;
import dev.fluxlab.runner.host.CpuAffinity;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;

/**
 * What this machine and JDK can do, asked before a run so that impossible cells (io_uring missing, a GC the JDK
 * lacks) are refused up front instead of failing one by one. Tests substitute their own answers.
 */
public interface Platform {

    /** Garbage collectors a suite may name, and the JVM options selecting them. */
    List<String> GCS = List.of("G1", "ZGC", "Shenandoah", "Parallel", "Serial", "Epsilon");

    /** Why {@code transport} cannot be used here, or empty when it can. */
    Optional<String> transportProblem(String transport);

    /** Why {@code gc} cannot be used with the children's JDK, or empty when it can. */
    Optional<String> gcProblem(String gc);

    /**
     * Why the children's JDK refuses to start with {@code flags} (an unknown option, a heap too small), or empty when it
     * starts; asked before a run, which otherwise started and failed every cell of a target with them.
     */
    default Optional<String> jvmFlagsProblem(List<String> flags) {
        return Optional.empty();
    }

    /** The runner machine's online CPUs, which a suite's CPU lists must name. */
    default CpuList onlineCpus() {
        try {
            return CpuAffinity.localOnline();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + CpuAffinity.ONLINE, e);
        }
    }

    /**
     * The files a process of this machine may open and a fluxlab JVM holds open, which bound the connections of an
     * injector here (a child of the runner, with the limit it inherits).
     */
    default SocketBudget socketBudget() {
        return SocketBudget.here();
    }

    /**
     * The refusal of a GC name that is none of {@link #GCS} (case-insensitive), naming them; empty for a known one. The
     * one check the suite's validation and {@link HostPlatform#gcProblem} both make before asking the JDK.
     */
    static Optional<String> unknownGc(String value) {
        return canonicalGc(value) != null ? Optional.empty() : Optional.of(Refusal.unknown("GC", value, GCS));
    }

    /** The canonical GC name for {@code value} (case-insensitive), or null when unknown. */
    static String canonicalGc(String value) {
        return GCS.stream().filter(g -> g.equalsIgnoreCase(value)).findFirst().orElse(null);
    }

    /** JVM options selecting a GC given by its canonical name. */
    static List<String> gcOptions(String gc) {
        return switch (canonicalGc(gc)) {
            case "G1" -> List.of("-XX:+UseG1GC");
            case "ZGC" -> List.of("-XX:+UseZGC");
            case "Shenandoah" -> List.of("-XX:+UseShenandoahGC");
            case "Parallel" -> List.of("-XX:+UseParallelGC");
            case "Serial" -> List.of("-XX:+UseSerialGC");
            case "Epsilon" -> List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+UseEpsilonGC");
            case null, default -> throw new IllegalArgumentException("unknown GC " + gc);
        };
    }
}
