package dev.fluxlab.runner.verdict;

import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.CellSummary;
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
        return new CellResult(knobs.toString(), 1, knobs, Map.of(), List.of(), s, reasons.length == 0, List.of(reasons), List.of());
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

    @Test
    void aSaturatedInjectorIsAlreadyInvalidAndNotFlaggedAgain() {
        List<CellResult> out = CrossCheck.flag(List.of(
                cell("fluxlab", "http1.1", 50_000, 1.9, "injector CPU-saturated: 1.90 of 2 usable cores"),
                cell("wrk", "http1.1", 100_000, 1.0)));
        assertEquals(1, out.get(0).reasons().size());
    }
}
