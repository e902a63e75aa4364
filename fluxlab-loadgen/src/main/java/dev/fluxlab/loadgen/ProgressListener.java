package dev.fluxlab.loadgen;

/** Receives one line of progress per second of the run; called from the coordinating thread. */
@FunctionalInterface
public interface ProgressListener {

    ProgressListener NONE = (phase, t, ok, errors, rps) -> { };

    /**
     * @param phase  {@code warmup} or {@code measure}
     * @param t      seconds since the phase started (1 for the first second)
     * @param ok     verified responses in that second
     * @param errors failed requests in that second
     * @param rps    ok per second over that window
     */
    void onSecond(String phase, int t, long ok, long errors, double rps);

    /** The measured phase is over after {@code seconds} whole seconds (before the injector collects and shuts down). */
    default void measureEnded(int seconds) {
    }
}
