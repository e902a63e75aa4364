package dev.fluxlab.runner.verdict;

import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.CellSummary;
import dev.fluxlab.model.run.MachineCpu;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.Stat;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CrossCheckTest {

    private static CellResult cell(String injector, String protocol, double rps, double injectorCores, String... reasons) {
        Map<String, String> knobs = new LinkedHashMap<>();
        knobs.put("target", "netty");
        knobs.put("protocol", protocol);
        knobs.put("injector", injector);
        CellSummary s = new CellSummary(Stat.of(List.of(rps)), Map.of(), null, null, Map.of(),
                Map.of("injector", Stat.of(List.of(injectorCores))), Map.of(), null);
        return new CellResult(knobs.toString(), 1, knobs, Map.of(), List.of(), s, reasons.length == 0, List.of(reasons), List.of(), null, null, null);
    }

    @Test
    void fluxlabMoreThanTenPercentBelowItsPeerIsFlagged() {
        List<CellResult> out = CrossCheck.flag(List.of(
                cell("fluxlab", "http1.1", 80_000, 0.7), cell("wrk", "http1.1", 100_000, 0.5),
                cell("fluxlab", "h2c", 95_000, 0.7), cell("h2load", "h2c", 100_000, 0.5)));
        List<String> r = out.get(0).reasons();
        assertEquals(1, r.size(), r.toString());
        assertTrue(r.get(0).startsWith("warning: fluxlab under-measures: 80,000 req/s is 20 % below wrk's 100,000"), r.get(0));
        assertTrue(r.get(0).contains("(0.70 cores)"), r.get(0));
        assertTrue(out.get(1).reasons().isEmpty(), "the peer's cell is left alone");
        assertTrue(out.get(2).reasons().isEmpty(), "5 % below is within the tolerance");
        assertEquals(out, CrossCheck.flag(out), "flagging twice adds nothing");
    }

    /** A cell with the whole machine's CPU and the target's cores, as the runner records them. */
    private static CellResult measured(String injector, double rps, double injectorCores, double targetCores,
                                       double idleCores, double othersCores) {
        Map<String, String> knobs = new LinkedHashMap<>();
        knobs.put("target", "undertow");
        knobs.put("protocol", "http1.1");
        knobs.put("injector", injector);
        CellSummary s = new CellSummary(Stat.of(List.of(rps)), Map.of(), null, null, Map.of(),
                Map.of("injector", Stat.of(List.of(injectorCores)), "undertow", Stat.of(List.of(targetCores))), Map.of(), null);
        RepeatResult r = new RepeatResult(1, "2026-11-22T12:00:00Z", null, List.of(), List.of(), true, List.of(), null, 4.0,
                null, null, null, new MachineCpu(2, 2 - idleCores, idleCores, othersCores, null), null, null);
        return new CellResult(knobs.toString(), 1, knobs, Map.of(), List.of(r), s, true, List.of(), List.of(), null, null, null);
    }

    @Test
    void aGapWithIdleCpuIsUnderMeasuring() {
        // fluxlab left 0.6 cores idle while wrk's run got 30 % more through the same target
        List<CellResult> out = CrossCheck.flag(List.of(
                measured("fluxlab", 300_000, 0.3, 1.0, 0.6, 0.1), measured("wrk", 400_000, 0.4, 1.4, 0.1, 0.1)));
        String r = out.get(0).reasons().get(0);
        assertTrue(r.startsWith("warning: fluxlab under-measures: 300,000 req/s is 25 % below wrk's 400,000"), r);
        assertTrue(r.contains("0.60 cores stood idle"), r);
    }

    @Test
    void aGapOnASaturatedMachineAtTheSameEfficiencyIsContention() {
        // no idle CPU, other jobs took 0.7 cores, and target + injector served the same responses per CPU-second
        List<CellResult> out = CrossCheck.flag(List.of(
                measured("fluxlab", 300_000, 0.3, 1.0, 0.0, 0.7), measured("wrk", 400_000, 0.4, 1.33, 0.0, 0.25)));
        String r = out.get(0).reasons().get(0);
        assertTrue(r.startsWith("warning: below its peer under CPU contention: 300,000 req/s is 25 % below wrk's"), r);
        assertTrue(r.contains("0.70 taken by other processes"), r);
        assertTrue(out.get(0).reasons().stream().noneMatch(x -> x.contains("under-measures")), out.get(0).reasons().toString());
        assertEquals(out, CrossCheck.flag(out), "judged once");
    }

    @Test
    void aGapOnASaturatedMachineAtLowerEfficiencyIsUnderMeasuring() {
        // no idle CPU, but fluxlab's pair needed 30 % more CPU per response: the injector costs more
        List<CellResult> out = CrossCheck.flag(List.of(
                measured("fluxlab", 300_000, 0.9, 1.1, 0.0, 0.0), measured("wrk", 400_000, 0.5, 1.5, 0.0, 0.0)));
        String r = out.get(0).reasons().get(0);
        assertTrue(r.startsWith("warning: fluxlab under-measures"), r);
        assertTrue(r.contains("target plus injector served 150,000 responses per CPU-second against 200,000 with wrk"), r);
    }

    @Test
    void aSaturatedInjectorIsAlreadyInvalidAndNotFlaggedAgain() {
        List<CellResult> out = CrossCheck.flag(List.of(
                cell("fluxlab", "http1.1", 50_000, 1.9, "injector CPU-saturated: 1.90 of 2 usable cores"),
                cell("wrk", "http1.1", 100_000, 1.0)));
        assertEquals(1, out.get(0).reasons().size());
    }
}
