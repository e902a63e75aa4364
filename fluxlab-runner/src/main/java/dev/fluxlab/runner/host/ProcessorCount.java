package dev.fluxlab.runner.host;

/**
 * Prints {@code availableProcessors}: run by {@link CpuPinning} under {@code taskset} to learn how a JVM placed on a
 * CPU list counts its processors.
 */
public final class ProcessorCount {

    private ProcessorCount() {
    }

    public static void main(String[] args) {
        System.out.println(Runtime.getRuntime().availableProcessors());
    }
}
