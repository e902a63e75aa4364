package dev.fluxlab.model.suite;

/** A 1-based line and column in a suite file. */
public record SourceLocation(int line, int column) {
}
