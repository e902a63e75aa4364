package dev.fluxlab.model.run;

/**
 * Where one process of a repeat ran, as recorded in results.json: the host ({@code local}: the runner's machine),
 * the CPU list it was pinned to (null: not pinned), and the {@code availableProcessors} the JVM itself reported (its
 * readiness line, or the injector's document; null when it reported none). With {@code activeProcessorCount} set,
 * the JVM was started with {@code -XX:ActiveProcessorCount} because it had counted otherwise.
 */
public record ProcessPlacement(String process, String host, String cpus, Integer availableProcessors,
                               Integer activeProcessorCount) {
}
