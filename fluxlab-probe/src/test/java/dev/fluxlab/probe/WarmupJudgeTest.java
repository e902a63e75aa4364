package dev.fluxlab.probe;

import dev.fluxlab.model.warmup.WarmupPolicy;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The automatic warm-up's end, second by second, on JVM readings fed by the test (a fake clock of one tick a second). */
class WarmupJudgeTest {

    private static final long INJECTOR = 1, TARGET = 2;
    private static final WarmupPolicy AUTO = WarmupPolicy.auto(Duration.ZERO, Duration.ofSeconds(30));

    /** Compile milliseconds per second of each JVM, second by second (the last figure repeats); absent: unreadable. */
    private static final class Jvms {
        final Map<Long, double[]> rates = new HashMap<>();
        final Map<Long, Double> total = new HashMap<>();
        int second;

        Jvms rate(long pid, double... perSecond) {
            rates.put(pid, perSecond);
            total.put(pid, 0.0);
            return this;
        }

        Optional<JitSnapshot> read(long pid) {
            if (!rates.containsKey(pid)) {
                return Optional.empty();
            }
            return Optional.of(new JitSnapshot(pid, second * 1_000_000_000L, 0, total.get(pid), 0, 0));
        }

        void advance() {
            for (Map.Entry<Long, double[]> e : rates.entrySet()) {
                double[] r = e.getValue();
                total.merge(e.getKey(), r[Math.min(second, r.length - 1)], Double::sum);
            }
            second++;
        }
    }

    /** The second (1-based) at which warm-up ends for these per-second throughputs, or -1 if it does not. */
    private static int endsAt(Jvms jvms, double... throughput) {
        JitWatch watch = new JitWatch(INJECTOR, List.of(TARGET), jvms::read);
        WarmupJudge judge = new WarmupJudge(AUTO, watch);
        for (int s = 1; s <= throughput.length; s++) {
            jvms.advance();
            watch.tick();
            if (judge.second((long) throughput[s - 1], s * 1_000_000_000L)) {
                return s;
            }
        }
        return -1;
    }

    @Test
    void warmJvmsOnAQuietPlateauEndAfterThreeSeconds() {
        Jvms warm = new Jvms().rate(INJECTOR, 20).rate(TARGET, 10);
        assertEquals(3, endsAt(warm, 50_000, 51_000, 50_500, 50_800, 50_200));
    }

    @Test
    void warmJvmsOnANoisyOrRisingStartStillWaitForTheTrend() {
        assertEquals(4, endsAt(new Jvms().rate(INJECTOR, 20).rate(TARGET, 10), 30_000, 50_000, 51_000, 50_500, 50_800),
                "the connect second is left behind once three quiet seconds follow it");
        assertEquals(-1, endsAt(new Jvms().rate(INJECTOR, 20).rate(TARGET, 10), 40_000, 44_000, 48_000, 52_000, 56_000),
                "a rise of 10% a second never settles, warm JVMs or not");
    }

    @Test
    void aTargetThatCompiledDuringTheWarmUpNeedsTheFiveSecondTrend() {
        Jvms fresh = new Jvms().rate(INJECTOR, 20).rate(TARGET, 1000, 0);
        assertEquals(5, endsAt(fresh, 50_000, 50_000, 50_000, 50_000, 50_000, 50_000),
                "quiet over the last 3 s at second 4, but not since the start: the plateau needs its trend");
    }

    @Test
    void anInjectorStillCompilingAboveItsFloorRulesOutTheShortRule() {
        Jvms jvms = new Jvms().rate(INJECTOR, 400, 400, 400, 0).rate(TARGET, 0);
        assertEquals(5, endsAt(jvms, 50_000, 50_000, 50_000, 50_000, 50_000, 50_000),
                "the injector averaged 300 ms/s of its 250 ms/s floor by second 4");
    }

    @Test
    void withoutAReadableTargetTheShortRuleDoesNotApply() {
        Jvms injectorOnly = new Jvms().rate(INJECTOR, 0);
        assertEquals(5, endsAt(injectorOnly, 50_000, 50_000, 50_000, 50_000, 50_000, 50_000),
                "a target whose JIT nobody sees may be ramping: the trend guard stays");
    }

    @Test
    void quietThroughoutNeedsAFullQuietWindow() {
        Jvms warm = new Jvms().rate(INJECTOR, 0).rate(TARGET, 0);
        JitWatch watch = new JitWatch(INJECTOR, List.of(TARGET), warm::read);
        for (int s = 1; s <= WarmupPolicy.JIT_QUIET_SECONDS; s++) {
            assertFalse(watch.quietThroughout(), "after " + (s - 1) + " s");
            warm.advance();
            watch.tick();
        }
        assertTrue(watch.quietThroughout());
    }
}
