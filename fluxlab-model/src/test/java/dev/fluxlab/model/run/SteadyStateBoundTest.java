package dev.fluxlab.model.run;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A target's time to steady state from earlier runs' rows, and the warning when a suite's bound is below it. */
class SteadyStateBoundTest {

    private static SteadyState row(String process, boolean trained, double seconds, Boolean settled) {
        return new SteadyState("c", 1, process, trained ? "x.aot" : null, seconds, settled, false);
    }

    @Test
    void theLongestSettledWarmUpOfTheRecentRunsThatStartedItTheSameWay() {
        List<List<SteadyState>> runs = List.of(
                List.of(row("webflux-netty", false, 21, true), row("webflux-netty", false, 23, true),
                        row("reactor-netty", false, 9, true)),
                List.of(row("webflux-netty", false, 40, false)),               // hit its bound: says only "longer"
                List.of(row("webflux-netty", true, 30, true)),                 // trained: another start
                List.of(row("webflux-netty", false, 19.5, true)),
                List.of(row("webflux-netty", false, 17, true)));
        SteadyStateBound b = SteadyStateBound.of("webflux-netty", false, runs).orElseThrow();
        assertEquals(23, b.seconds());
        assertEquals(3, b.runs());
        assertEquals(Duration.ofSeconds(27), b.suggested(), "23 s x 1.15 = 26.45, rounded up");
        assertEquals(Optional.of("warmup_max 8s is below webflux-netty's time to steady state 23 s (cold) in 3 earlier "
                + "runs: the cells that start it would be measured before it settles; --set warmup_max=27s derives "
                + "the bound from it"), b.warning(Duration.ofSeconds(8)));
        assertEquals(Optional.empty(), b.warning(Duration.ofSeconds(23)), "a bound that leaves it its time: silent");
        assertEquals(30, SteadyStateBound.of("webflux-netty", true, runs).orElseThrow().seconds());
        assertTrue(SteadyStateBound.of("mvc-tomcat", false, runs).isEmpty(), "never run: nothing to say");
    }

    @Test
    void onlyTheMostRecentRunsThatCountAreRead() {
        List<List<SteadyState>> runs = new java.util.ArrayList<>();
        for (int i = 0; i < SteadyStateBound.RECENT_RUNS; i++) {
            runs.add(List.of(row("reactor-netty", false, 10 + i, true)));
        }
        runs.add(List.of(row("reactor-netty", false, 60, true))); // an old run, before a change made it faster
        SteadyStateBound b = SteadyStateBound.of("reactor-netty", false, runs).orElseThrow();
        assertEquals(14, b.seconds());
        assertEquals(SteadyStateBound.RECENT_RUNS, b.runs());
        assertEquals("warmup_max 10s is below reactor-netty's time to steady state 14 s (cold) in 5 earlier runs: the "
                + "cells that start it would be measured before it settles; --set warmup_max=17s derives the bound "
                + "from it", b.warning(Duration.ofSeconds(10)).orElseThrow());
        assertTrue(SteadyStateBound.of("reactor-netty", false, List.of(List.of(row("reactor-netty", false, 5, null))))
                .isEmpty(), "a fixed warm-up waits for nothing: not a time to steady state");
    }
}
