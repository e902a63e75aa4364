package dev.fluxlab.runner.host;

/**
 * A host's clock against the runner's: {@code offsetMicros} is remote minus local (positive: the host is ahead), known
 * to within {@code uncertaintyMicros} (half the round trip of the best of several probes).
 */
public record ClockOffset(long offsetMicros, long uncertaintyMicros) {
}
