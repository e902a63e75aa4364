package dev.fluxlab.runner.drive;

import dev.fluxlab.model.contract.ProgressLine;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.listen.RunListener;
import dev.fluxlab.runner.process.Sampler;

import java.util.Optional;

/**
 * Follows a load process's machine progress lines: live figures for the listener, and the start of the measured
 * phase, at which the sampler takes a sample so the CPU window starts on a measured point. A {@link Window} hears when
 * the measured phase starts (the first {@code measure} line, or an external tool's measured run) and ends (the
 * injector's {@code end} line).
 */
public final class ProgressWatch {

    /** Hears the measured window open and close (the profiler's start and stop); called on the output's thread. */
    public interface Window {
        Window NONE = new Window() {
        };

        default void opened() {
        }

        default void closed() {
        }
    }

    private final Cell cell;
    private final RunListener.Position pos;
    private final Suite suite;
    private final RunListener listener;
    private final Sampler sampler;
    private final Window window;
    private volatile double measureStart = Double.NaN;

    public ProgressWatch(Cell cell, RunListener.Position pos, Suite suite, RunListener listener, Sampler sampler) {
        this(cell, pos, suite, listener, sampler, Window.NONE);
    }

    public ProgressWatch(Cell cell, RunListener.Position pos, Suite suite, RunListener listener, Sampler sampler,
                         Window window) {
        this.window = window;
        this.cell = cell;
        this.pos = pos;
        this.suite = suite;
        this.listener = listener;
        this.sampler = sampler;
    }

    /** Takes one line of the load process's output; anything but a progress line is ignored. */
    public void line(String line) {
        Optional<ProgressLine> p = ProgressLine.parse(line);
        if (p.isEmpty()) {
            return;
        }
        ProgressLine pl = p.get();
        if (pl.phase().equals(ProgressLine.END_PHASE)) {
            // a sample at the window's end, as at its start: between once-a-second samples the injector's collecting
            // and writing after the window was spread back into it (up to 2.3 x its own CPU per request)
            sampler.sampleNow();
            window.closed();
            return;
        }
        if (pl.phase().equals(ProgressLine.MEASURE_PHASE) && Double.isNaN(measureStart)) {
            measureStart = Math.max(0, sampler.now() - pl.t());
            sampler.sampleNow();
            window.opened();
        }
        boolean warm = pl.phase().equals(ProgressLine.WARMUP_PHASE);
        double length = (warm ? suite.warmup() : suite.measure()).toMillis() / 1000.0;
        listener.progress(cell, pos, new RunListener.Progress(pl.phase(), pl.t(), length, warm && suite.autoWarmup(),
                pl.rps(), pl.ok(), pl.errors()));
    }

    /** A phase the runner reports itself (starting, stopping, an external tool's seconds). */
    public void phase(String phase, double t, double length) {
        if (phase.equals(ProgressLine.MEASURE_PHASE) && t == 0) {
            window.opened();
        }
        listener.progress(cell, pos, new RunListener.Progress(phase, t, length, false, 0, 0, 0));
    }

    /** When the measured phase started, in seconds since the repeat started; NaN before it did. */
    public double measureStart() {
        return measureStart;
    }
}
