package dev.fluxlab.runner.host;

/** Prints {@code availableProcessors} (run by {@link CpuAffinityTest} under taskset). */
public final class PrintProcessors {
    public static void main(String[] args) {
        System.out.println(Runtime.getRuntime().availableProcessors());
    }
}
