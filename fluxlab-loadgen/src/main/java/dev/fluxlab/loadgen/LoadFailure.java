package dev.fluxlab.loadgen;

/** The run could not take place at all (e.g. no connection could be made); the CLI maps it to exit code 1. */
public final class LoadFailure extends Exception {
    public LoadFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
