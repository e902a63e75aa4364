package dev.fluxlab.runner.process;

import dev.fluxlab.runner.drive.ProgressWatch;
import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The measured window's end is a sampled point, as its start is: between once-a-second samples, the injector's work
 * after the window (collecting, encoding, writing its document) was spread back into it, and a 241 µs/req injector was
 * reported at 546 µs/req.
 */
class PhaseSamplesTest {

    @Test
    void theEndLineOfTheLoadTakesASampleAtOnce() {
        AtomicInteger readings = new AtomicInteger();
        Sampler sampler = new Sampler(System.nanoTime(), () -> {
            readings.incrementAndGet();
            return Optional.empty();
        });
        try {
            ProgressWatch watch = new ProgressWatch(null, null, null, null, sampler);
            int before = readings.get();
            watch.line("fluxlab-progress phase=end t=3 ok=0 errors=0 rps=0");
            assertEquals(before + 1, readings.get(), "one round of samples when the measured phase ended");
            watch.line("some other output of the injector");
            assertEquals(before + 1, readings.get(), "other lines take none");
        } finally {
            sampler.close();
        }
    }
}
