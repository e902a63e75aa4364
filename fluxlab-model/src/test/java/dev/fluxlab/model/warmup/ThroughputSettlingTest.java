package dev.fluxlab.model.warmup;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The throughput half of an automatic warm-up's end: a rise told from noise, on 5 seconds (cold) or 3 (warm). */
class ThroughputSettlingTest {

    @Test
    void theSpringRampThatPausesIsStillARamp() {
        // Spring WebFlux's warm-up as measured on 2 cores: 12k, 13k, 16k, 17.1k, 17.1k, then on to 52k
        List<Double> spring = List.of(2127.0, 6411.0, 9616.0, 10699.0, 12142.0, 13218.0, 16042.0, 17137.0, 17086.0);
        assertFalse(ThroughputSettling.settled(spring));
        assertFalse(ThroughputSettling.settled(spring, true), "9 % per second holds a warm JVM too");
        // its last three seconds alone (3.1 %/s, not significant) are too few to rule out a ramp: upper bound 16 %/s
        assertFalse(ThroughputSettling.settled(spring.subList(6, 9), true));
    }

    @Test
    void noiseThatABandWouldWaitOutSettles() {
        // +-8 % around 78k, sloping 2.3 % per second, 1.1 standard errors: the quiet plateau the rule had before
        // (3 s within +-5 %) fails on 74k, its other branch (a slope of at most 2 %/s) on the slope
        assertTrue(ThroughputSettling.settled(List.of(72.0, 82.0, 74.0, 84.0, 80.0)));
        // a noisy plateau of +-20 % settles as before: its slope is small
        assertTrue(ThroughputSettling.settled(List.of(80.0, 100.0, 120.0, 85.0, 95.0)));
    }

    @Test
    void aSmallRiseThatStandsOutOfTheNoiseHolds() {
        // 3 % per second, smooth: below the 4 % bound but no noise explains it
        assertFalse(ThroughputSettling.settled(List.of(100.0, 103.0, 106.1, 109.0, 112.2)));
        // the same with +-1 % of noise still stands out
        assertFalse(ThroughputSettling.settled(List.of(100.0, 104.0, 105.5, 110.0, 111.5)));
    }

    @Test
    void noiseARampCouldHideInSettlesNothing() {
        // a recorded cold HTTP/1.1 target (fluxlab-probe jit-series), its client warming up too, the machine loaded:
        // 3 %/s and not significant, but its upper bound is 16 %/s; it went on to 10.5k, 10.1k, 17.4k
        assertFalse(ThroughputSettling.settled(List.of(4130.0, 6093.0, 4401.0, 5005.0, 5438.0)));
    }

    @Test
    void aJitRampHoldsWhateverTheNoise() {
        assertFalse(ThroughputSettling.settled(List.of(70.0, 85.0, 80.0, 95.0, 100.0)), "noisy ramp, 8 %/s");
        assertFalse(ThroughputSettling.settled(List.of(9.0, 10.0, 9.0, 13.0, 17.0, 19.0, 17.0, 28.0, 34.0, 34.0, 37.0)),
                "a cold target's ramp, as measured here");
        assertFalse(ThroughputSettling.settled(List.of(100.0, 90.0, 115.0, 100.0, 125.0)), "5 %/s under +-12 % noise");
    }

    @Test
    void aColdJvmNeedsFiveSecondsAWarmOneThree() {
        List<Double> flat = List.of(100.0, 101.0, 99.0);
        assertFalse(ThroughputSettling.settled(flat));
        assertTrue(ThroughputSettling.settled(flat, true));
        assertFalse(ThroughputSettling.settled(List.of(100.0, 101.0), true));
        assertFalse(ThroughputSettling.settled(List.of(50.0, 100.0, 101.0, 99.0)), "3 quiet seconds after a jump");
        assertTrue(ThroughputSettling.settled(List.of(50.0, 98.0, 100.0, 101.0, 99.0, 100.0)));
        // on three seconds the test cannot tell (one degree of freedom): the slope bounds decide
        assertFalse(ThroughputSettling.settled(List.of(95.0, 99.0, 104.5), true), "4.8 %/s");
        assertTrue(ThroughputSettling.settled(List.of(100.0, 120.0, 100.0), true), "no slope at all");
    }

    @Test
    void nothingServedIsNotSettled() {
        assertFalse(ThroughputSettling.settled(List.of(0.0, 0.0, 0.0, 0.0, 0.0)));
        assertFalse(ThroughputSettling.settled(List.of(0.0, 0.0, 0.0), true));
    }

    @Test
    void aSteadyLowRateSettlesOnItsCountingNoise() {
        // 10 req/s counted in whole seconds: one response more or less by where the seconds' edges fall (3 %/s, its
        // seconds scattering too little for the upper bound; held to its bound before the counting-noise branch)
        assertTrue(ThroughputSettling.settled(List.of(10.0, 10.0, 10.0, 11.0, 11.0)));
        assertTrue(ThroughputSettling.settled(List.of(10.0, 9.0, 10.0, 10.0, 11.0)));
        assertFalse(ThroughputSettling.settled(List.of(10.0, 10.0, 11.0), true), "three seconds: shape unknown");
        // Poisson-like scatter at 10 req/s: 6.6 %/s, well inside its counting noise (16 %/s)
        assertTrue(ThroughputSettling.settled(List.of(9.0, 12.0, 8.0, 11.0, 13.0)));
        // reactor-netty 06-common-pool's warm-up as recorded (s3/wfs cell 15): flat at 10 req/s
        assertTrue(ThroughputSettling.settled(List.of(0.0, 0.0, 6.0, 10.0, 10.0, 10.0, 10.0, 10.0)));
    }

    @Test
    void aRealRampAtALowRateStillHolds() {
        // webflux-netty 06-common-pool's warm-up as recorded (s3/wfs cell 6): nothing for 3 s, then 10 req/s; at its
        // 8 s bound the last five seconds still hold the step from 1 to 10, beyond counting noise
        List<Double> commonPool = List.of(0.0, 0.0, 0.0, 1.0, 10.0, 9.0, 10.0, 10.0);
        for (int n = 5; n <= commonPool.size(); n++) {
            assertFalse(ThroughputSettling.settled(commonPool.subList(0, n)), "after " + n + " s");
        }
        assertTrue(ThroughputSettling.settled(List.of(0.0, 0.0, 0.0, 1.0, 10.0, 9.0, 10.0, 10.0, 10.0)),
                "a second later the step has left the window");
        assertFalse(ThroughputSettling.settled(List.of(2.0, 4.0, 6.0, 8.0, 10.0)), "doubling in 4 s");
        // within Poisson noise by size, but far too smooth for counts: a ramp
        assertFalse(ThroughputSettling.settled(List.of(5.0, 6.0, 7.0, 8.0, 9.0)), "smooth, 14 %/s");
        assertFalse(ThroughputSettling.settled(List.of(5.0, 6.0, 7.0), true), "three seconds, warm: as before");
    }
}
