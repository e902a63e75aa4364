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
    private static final double[] FLAT = {50_000, 50_500, 49_800, 50_200, 50_100, 49_900, 50_000, 50_300, 50_000, 50_100};

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
    private static int endsAt(WarmupJudge judge, JitWatch watch, Jvms jvms, double... throughput) {
        for (int s = 1; s <= throughput.length; s++) {
            jvms.advance();
            watch.tick();
            if (judge.second((long) throughput[s - 1], s * 1_000_000_000L)) {
                return s;
            }
        }
        return -1;
    }

    private static int endsAt(Jvms jvms, double... throughput) {
        JitWatch watch = new JitWatch(INJECTOR, List.of(TARGET), jvms::read);
        return endsAt(new WarmupJudge(AUTO, watch), watch, jvms, throughput);
    }

    @Test
    void jvmsQuietFromTheStartEndOnThreeSecondsOthersOnFive() {
        assertEquals(3, endsAt(new Jvms().rate(INJECTOR, 20).rate(TARGET, 10), FLAT),
                "warm JVMs: no JIT ramp to pause");
        assertEquals(5, endsAt(new Jvms().rate(INJECTOR, 20).rate(TARGET, 300, 0), FLAT),
                "a compile burst in the first second (100 ms/s over the first three): cold, though quiet from the 4th");
        Jvms injectorOnly = new Jvms().rate(INJECTOR, 0);
        JitWatch watch = new JitWatch(INJECTOR, List.of(), injectorOnly::read);
        assertEquals(5, endsAt(new WarmupJudge(AUTO, watch), watch, injectorOnly, FLAT),
                "a quiet injector says nothing of the target's JIT");
    }

    @Test
    void aRampNeverSettlesWhateverTheJit() {
        assertEquals(-1, endsAt(new Jvms().rate(INJECTOR, 0).rate(TARGET, 0),
                40_000, 44_000, 48_000, 52_000, 56_000, 60_000, 64_000, 68_000));
    }

    @Test
    void aTargetStillCompilingHoldsTheWarmUpUntilThreeQuietSeconds() {
        Jvms jvms = new Jvms().rate(INJECTOR, 20).rate(TARGET, 1000, 1000, 1000, 1000, 1000, 1000, 0);
        assertEquals(9, endsAt(jvms, FLAT), "compiling until second 6, quiet over seconds 7-9");
    }

    @Test
    void theInjectorHasAFloorOfItsOwn() {
        Jvms jvms = new Jvms().rate(INJECTOR, 400, 400, 400, 400, 0).rate(TARGET, 0);
        assertEquals(6, endsAt(jvms, FLAT), "267 ms/s over seconds 3-5 is above the injector's 250; 133 over 4-6 is not");
        Jvms stray = new Jvms().rate(INJECTOR, 200).rate(TARGET, 0);
        assertEquals(3, endsAt(stray, FLAT), "200 ms/s would hold a target, not the injector (warm from the start)");
    }

    @Test
    void aWarmUpThatHitsItsBoundSaysWhoWasCompiling() {
        Jvms jvms = new Jvms().rate(INJECTOR, 0).rate(TARGET, 1000);
        JitWatch watch = new JitWatch(INJECTOR, List.of(TARGET), jvms::read);
        WarmupJudge judge = new WarmupJudge(WarmupPolicy.auto(Duration.ZERO, Duration.ofSeconds(8)), watch);
        assertEquals(-1, endsAt(judge, watch, jvms, 50_000, 50_000, 50_000, 50_000, 50_000, 50_000, 50_000, 50_000));
        assertFalse(judge.stable());
        assertFalse(judge.jitQuiet());
        String w = String.join("|", judge.warnings());
        assertTrue(w.contains("did not settle within --warmup-max 8s: JVM 2 (target) was compiling 1000 ms per second"), w);
    }

    @Test
    void withNoReadableJvmTheWarmUpGoesByThroughputAndSaysSo() {
        Jvms none = new Jvms();
        JitWatch watch = new JitWatch(INJECTOR, List.of(TARGET), none::read);
        WarmupJudge judge = new WarmupJudge(AUTO, watch);
        assertEquals(5, endsAt(judge, watch, none, FLAT));
        assertTrue(judge.stable());
        assertEquals(null, judge.jitQuiet());
        assertTrue(String.join("|", judge.warnings()).contains("no JVM's JIT counters were readable"), judge.warnings().toString());
    }
}
