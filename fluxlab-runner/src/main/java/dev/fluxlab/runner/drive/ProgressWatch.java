package dev.fluxlab.runner.drive;

import dev.fluxlab.model.contract.ProgressLine;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.RunListener;
import dev.fluxlab.runner.process.Sampler;

import java.util.Optional;

/**
 * Follows a load process's machine progress lines: live figures for the listener, and the start of the measured
 * phase, at which the sampler takes a sample so the CPU window starts on a measured point.
 */
public final class ProgressWatch {

    private final Cell cell;
    private final RunListener.Position pos;
    private final Suite suite;
    private final RunListener listener;
    private final Sampler sampler;
    private volatile double measureStart = Double.NaN;

    public ProgressWatch(Cell cell, RunListener.Position pos, Suite suite, RunListener listener, Sampler sampler) {
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
        if (pl.phase().equals("measure") && Double.isNaN(measureStart)) {
            measureStart = Math.max(0, sampler.now() - pl.t());
            sampler.sampleNow();
        }
        boolean warm = pl.phase().equals("warmup");
        double length = (warm ? suite.warmup() : suite.measure()).toMillis() / 1000.0;
        listener.progress(cell, pos, new RunListener.Progress(pl.phase(), pl.t(), length, warm && suite.autoWarmup(),
                pl.rps(), pl.ok(), pl.errors()));
    }

    /** A phase the runner reports itself (starting, stopping, an external tool's seconds). */
    public void phase(String phase, double t, double length) {
        listener.progress(cell, pos, new RunListener.Progress(phase, t, length, false, 0, 0, 0));
    }

    /** When the measured phase started, in seconds since the repeat started; NaN before it did. */
    public double measureStart() {
        return measureStart;
    }
}
