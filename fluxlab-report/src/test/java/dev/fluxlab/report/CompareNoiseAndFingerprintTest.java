package dev.fluxlab.report;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.Environment;
import dev.fluxlab.model.run.MachineSpeed;
import dev.fluxlab.model.run.NoiseFloor;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.run.Stat;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.fluxlab.report.Comparison.Verdict.BETTER;
import static dev.fluxlab.report.Comparison.Verdict.WITHIN_NOISE;
import static dev.fluxlab.report.Comparison.Verdict.WORSE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** compare's noise basis, regression list, fingerprint warnings and speed normalisation, on made-up runs. */
class CompareNoiseAndFingerprintTest {

    static Environment env(String kernel, String commit, Boolean dirty, Double speed) {
        return new Environment("lab-1", "Linux", kernel, "amd64", 2, 7.8, "25+36", "Eclipse Adoptium", "/jdk", "0.1.0-SNAPSHOT",
                Map.of(), "AMD EPYC 7B13", null, commit, dirty, 0.2, speed == null ? null : new MachineSpeed(speed, 0.01, 5, "t"));
    }

    static RunResult with(RunResult r, String id, Environment env, NoiseFloor noise) {
        return new RunResult(r.schema(), id, r.suite(), r.suiteFile(), r.description(), r.status(), r.startedAt(), r.finishedAt(),
                env, r.tables(), r.settings(), r.cells(), noise);
    }

    /** B: cell 1 at 0.92x of A (single-repeat floor passed, beyond A's ±2%), cells 2 and 3 as in A. */
    static RunResult[] pair(Environment ea, Environment eb, NoiseFloor na, NoiseFloor nb) {
        RunResult a = Fixtures.run("A", List.of(), new double[]{50_000}, new double[]{80_000}, new double[]{30_000});
        RunResult b = Fixtures.run("B", List.of(), new double[]{46_000}, new double[]{80_500}, new double[]{30_100});
        return new RunResult[]{with(a, "A", ea, na), with(b, "B", eb, nb)};
    }

    @Test
    void withoutARecordedFloorTheBasisIsTheFixedDefaultOrTheRepeatSpread() {
        RunResult[] r = pair(null, null, null, null);
        Comparison c = Comparison.of(r[0], r[1]);
        assertEquals(NoiseBasis.Basis.FIXED_DEFAULT, c.noise().basis());
        assertEquals(WORSE, c.rows().get(0).verdict());
        assertEquals(NoiseBasis.Basis.REPEAT_SPREAD, Comparison.of(Fixtures.run(), Fixtures.run()).noise().basis());
    }

    @Test
    void aRecordedFloorWidensTheBandAndIsNamed() {
        RunResult[] r = pair(null, null, new NoiseFloor(2.0, 10.0, 16, NoiseBasis.AA_PAIRS), null);
        Comparison c = Comparison.of(r[0], r[1]);
        assertEquals(NoiseBasis.Basis.AA_PAIRS, c.noise().basis());
        assertEquals(0.10, c.noise().floor(), 1e-12);
        assertEquals(WITHIN_NOISE, c.rows().get(0).verdict(), "8% is inside the worst A/A disagreement of 10%");
        String text = String.join("\n", CompareReport.lines(c));
        assertTrue(text.contains("noise basis: recorded A/A pairs: floor 10%"), text);
        assertTrue(text.contains("A 16 pairs (aa-pairs)") && text.contains("B none recorded"), text);

        RunResult[] spread = pair(null, null, null, new NoiseFloor(1.0, 5.0, 3, "repeat-spread"));
        Comparison cs = Comparison.of(spread[0], spread[1]);
        assertEquals(NoiseBasis.Basis.REPEAT_SPREAD, cs.noise().basis());
        assertEquals(WORSE, cs.rows().get(0).verdict(), "8% is beyond a 5% floor");
    }

    /** The basis named is that of the run whose floor was taken; a repeat-spread floor counts cells, not pairs. */
    @Test
    void theBasisIsTheOneWhoseFloorWasTakenAndBimodalCellsAreNamed() {
        RunResult[] r = pair(null, null, new NoiseFloor(2.0, 4.0, 16, NoiseBasis.AA_PAIRS),
                new NoiseFloor(6.0, 9.0, 3, "repeat-spread", 1));
        Comparison c = Comparison.of(r[0], r[1]);
        assertEquals(NoiseBasis.Basis.REPEAT_SPREAD, c.noise().basis());
        assertEquals(0.09, c.noise().floor(), 1e-12);
        String text = String.join(" ", CompareReport.lines(c)).replaceAll("\\s+", " ");
        assertTrue(text.contains("noise basis: repeat spread: floor 9.0%"), text);
        assertTrue(text.contains("B 3 cells (repeat-spread), worst 9.0%, median 6.0%, 1 bimodal cell left out"), text);
    }

    @Test
    void latencyVerdictsRunTheOtherWay() {
        assertEquals(WORSE, Comparison.verdict(Stat.of(List.of(10.0)), Stat.of(List.of(12.0)), 0, false));
        assertEquals(BETTER, Comparison.verdict(Stat.of(List.of(10.0)), Stat.of(List.of(8.0)), 0, false));
        assertEquals(WITHIN_NOISE, Comparison.verdict(Stat.of(List.of(10.0)), Stat.of(List.of(12.0)), 0.25, false));
        assertTrue(Comparison.higherIsBetter(Figure.THROUGHPUT));
        assertTrue(!Comparison.higherIsBetter(Figure.parse("latency_p99_ms")));
    }

    @Test
    void regressionsNeedBothNoiseAndTheThreshold() {
        RunResult[] r = pair(null, null, null, null);
        Comparison c = Comparison.of(r[0], r[1]);
        List<Comparison.Regression> at5 = c.regressions(0.05);
        assertEquals(1, at5.stream().filter(x -> x.figure().equals("throughput")).count(), at5.toString());
        assertTrue(at5.get(0).text().startsWith(c.rows().get(0).label() + ": throughput 0.92x"), at5.get(0).text());
        assertTrue(c.regressions(0.10).stream().noneMatch(x -> x.figure().equals("throughput")), "8% is inside a 10% threshold");
    }

    @Test
    void fingerprintDifferencesThatMoveNumbersAreWarned() {
        RunResult[] same = pair(env("6.1", "abc", false, 1e6), env("6.1", "abc", false, 1.02e6), null, null);
        assertTrue(Comparison.of(same[0], same[1]).fingerprint().isEmpty(), "2% speed is inside the 3% default floor");
        RunResult[] r = pair(env("6.1", "abc", false, 1e6), env("6.12", "def", true, 0.8e6), null, null);
        Comparison c = Comparison.of(r[0], r[1]);
        List<String> what = c.fingerprint().stream().map(Fingerprint.Difference::what).toList();
        assertEquals(List.of("kernel", "fluxlab commit", "dirty tree", "machine speed"), what);
        String text = String.join("\n", CompareReport.lines(c));
        assertTrue(text.contains("WARNING: the runs' environments differ"), text);
        assertTrue(text.contains("kernel: 6.1 -> 6.12"), text);
        assertTrue(text.contains("-20.0%"), text);
        RunResult[] unknown = pair(env("6.1", null, null, null), env("6.1", "def", true, 1e6), null, null);
        assertTrue(Comparison.of(unknown[0], unknown[1]).fingerprint().isEmpty(), "what A did not record is not a difference");
        // runs of two suites: cells are matched by id alone, and the reader is told first
        RunResult other = new RunResult(r[1].schema(), r[1].runId(), "stack-ab", r[1].suiteFile(), r[1].description(),
                r[1].status(), r[1].startedAt(), r[1].finishedAt(), r[0].environment(), r[1].tables(), r[1].settings(),
                r[1].cells(), null);
        Comparison across = Comparison.of(r[0], other);
        assertEquals("suite: " + r[0].suite() + " -> stack-ab", across.fingerprint().getFirst().text());
        // the same suite name with another window: another experiment under the same cell ids
        assertEquals(List.of("setting measure: 2s -> 3s", "setting set: null -> [load.connections=8]"),
                Comparison.settingDifferences(java.util.Map.of("measure", "2s", "repeats", 3),
                        java.util.Map.of("measure", "3s", "repeats", 3, "set", List.of("load.connections=8")))
                        .stream().map(Fingerprint.Difference::text).toList());
    }

    @Test
    void normalisingBySpeedScalesBAndSaysSo() throws Exception {
        RunResult[] r = pair(env("6.1", "abc", false, 1e6), env("6.1", "abc", false, 0.92e6), null, null);
        Comparison plain = Comparison.of(r[0], r[1]);
        assertNull(plain.speedNote());
        Comparison c = Comparison.of(r[0], r[1], true);
        assertEquals(1.0, c.rows().get(0).ratio(), 1e-9, "46,000 at 0.92x the speed is 50,000 at A's speed");
        assertEquals(WITHIN_NOISE, c.rows().get(0).verdict());
        assertEquals(plain.rows().get(0).p99Ratio(), c.rows().get(0).p99Ratio(), 1e-12, "latency is not normalised");
        assertTrue(String.join("\n", CompareReport.lines(c)).contains("throughput normalised by machine speed"));
        RunResult[] none = pair(env("6.1", "abc", false, 1e6), env("6.1", "abc", false, null), null, null);
        ReportInputException e = assertThrows(ReportInputException.class, () -> Comparison.of(none[0], none[1], true));
        assertTrue(e.getMessage().contains("B (B) recorded none"), e.getMessage());
    }

    /** {@code r} with every repeat's machine speed set to {@code ops} (as measured before each repeat). */
    static RunResult withRepeatSpeeds(RunResult r, double ops) {
        return withRepeatSpeeds(r, repeat -> ops);
    }

    /** {@code r} with repeat N's machine speed set to {@code byRepeat(N)} in every cell. */
    static RunResult withRepeatSpeeds(RunResult r, java.util.function.IntToDoubleFunction byRepeat) {
        List<CellResult> cells = r.cells().stream().map(c -> new CellResult(c.id(), c.index(), c.knobs(), c.versions(),
                c.repeats().stream().map(x -> new RepeatResult(x.repeat(), x.startedAt(), x.load(), x.processes(),
                        x.findings(), x.valid(), x.reasons(), x.injectorCpuShare(), x.measuredS(), x.readiness(),
                        x.targetStats(), x.targetsFrom(), x.machine(), new MachineSpeed(byRepeat.applyAsDouble(x.repeat()), 0.01, 9, "t"), x.listen(),
                        x.prime(), x.placement(), x.injectors(), x.injectorStartSpreadMs(), x.hostMachines())).toList(),
                c.summary(), c.valid(), c.reasons(), c.findings(), c.dir(), c.theory(), c.profiles())).toList();
        return new RunResult(r.schema(), r.runId(), r.suite(), r.suiteFile(), r.description(), r.status(), r.startedAt(),
                r.finishedAt(), r.environment(), r.tables(), r.settings(), cells, r.noise());
    }

    /**
     * The machine speed compared is each run's typical one, the median over its repeats: two runs with the same speed
     * before them (a VM that sped up a minute into the second) are warned about and normalised by what they ran at.
     */
    @Test
    void theSpeedDuringTheRunsDecidesTheWarningAndTheNormalisation() throws Exception {
        RunResult[] r = pair(env("6.1", "abc", false, 262e6), env("6.1", "abc", false, 262e6), null, null);
        assertTrue(Comparison.of(r[0], r[1]).fingerprint().isEmpty(), "same speed before, no repeat speeds");
        RunResult a = withRepeatSpeeds(r[0], 265e6);
        RunResult b = withRepeatSpeeds(r[1], 315e6);
        assertEquals(315e6, b.typicalMachineSpeed().opsPerSecond());
        List<Fingerprint.Difference> d = Comparison.of(a, b).fingerprint();
        assertEquals(1, d.size(), d.toString());
        assertEquals("machine speed: 265,000,000 -> 315,000,000 ops/s (+18.9%, beyond the 3.0% floor)", d.getFirst().text());
        Comparison c = Comparison.of(a, b, true);
        assertTrue(c.speedNote().contains("(A 265,000,000 ops/s (median of 3 repeats), B 315,000,000 ops/s (median of 3 "
                + "repeats))"), c.speedNote());
        assertEquals(46_000 / (315.0 / 265) / 50_000, c.rows().get(0).ratio(), 1e-9);
    }

    /**
     * The runs' own repeats say whether throughput followed the reference: here the reference moved 30 % between
     * repeats and throughput not at all (slope 0), so the speed difference between the runs is said to need not have
     * moved the figures, and normalising by it is warned about; with throughput in step, the line says so, unwarned.
     */
    @Test
    void theRunsOwnRepeatsJudgeTheSpeedDifference() throws Exception {
        RunResult a = withRepeatSpeeds(Fixtures.run("A", List.of(), new double[]{50_000, 50_000},
                new double[]{80_000, 80_000}, new double[]{30_000, 30_000}), n -> n == 1 ? 1e8 : 1.3e8);
        RunResult b = withRepeatSpeeds(Fixtures.run("B", List.of(), new double[]{50_000, 50_000},
                new double[]{80_000, 80_000}, new double[]{30_000, 30_000}), n -> n == 1 ? 2e8 : 1.5e8);
        Comparison plain = Comparison.of(a, b);
        assertEquals(Fingerprint.MACHINE_SPEED, plain.fingerprint().getFirst().what());
        assertEquals("machine speed against throughput: in the two runs' own repeats throughput did not follow the "
                + "reference workload (slope 0.00 ± 0.00 over 6 pairs of repeats; 1 = in step, 0 = unmoved by it): the "
                + "speed difference need not have moved these figures", plain.speedEvidence());
        Comparison normalised = Comparison.of(a, b, true);
        assertTrue(normalised.speedEvidence().startsWith("WARNING: --normalise-speed assumes that throughput moves in "
                + "step with the reference workload, but in the two runs' own repeats throughput did not follow"),
                normalised.speedEvidence());
        assertTrue(String.join(" ", CompareReport.lines(normalised)).contains("the normalised figures likely mislead"));

        RunResult inStep = withRepeatSpeeds(Fixtures.run("B", List.of(), new double[]{40_000, 30_000},
                new double[]{64_000, 48_000}, new double[]{24_000, 18_000}), n -> n == 1 ? 2e8 : 1.5e8);
        RunResult aInStep = withRepeatSpeeds(Fixtures.run("A", List.of(), new double[]{50_000, 65_000},
                new double[]{80_000, 104_000}, new double[]{30_000, 39_000}), n -> n == 1 ? 1e8 : 1.3e8);
        Comparison followed = Comparison.of(aInStep, inStep, true);
        assertTrue(followed.speedEvidence().startsWith("machine speed against throughput: in the two runs' own repeats "
                + "throughput followed the reference workload (slope 1.00 ± 0.00 over 6 pairs"), followed.speedEvidence());

        RunResult sameSpeed = withRepeatSpeeds(b, n -> n == 1 ? 1e8 : 1.3e8);
        assertNull(Comparison.of(a, sameSpeed).speedEvidence(), "the speeds agree and nothing is normalised");
        assertNull(Comparison.of(Fixtures.run(), Fixtures.run(), false).speedEvidence(), "no speeds recorded");
    }

    @Test
    void theInjectorsAotCacheIsPartOfTheFingerprint() {
        Environment without = env("6.18", "abc", false, null);
        Environment with = new Environment("lab-1", "Linux", "6.18", "amd64", 2, 7.8, "25+36", "Eclipse Adoptium", "/jdk",
                "0.1.0-SNAPSHOT", Map.of(Environment.INJECTOR_AOT_CACHE, "JDK AOT cache (local injectors)"), "AMD EPYC 7B13", null,
                "abc", false, 0.2, null);
        List<Fingerprint.Difference> d = Fingerprint.differences(without, with, 0.03);
        assertEquals(1, d.size(), d.toString());
        assertEquals("injector AOT cache", d.getFirst().what());
        assertEquals("off", d.getFirst().a());
        assertEquals("on", d.getFirst().b());
        assertTrue(Fingerprint.differences(with, with, 0.03).isEmpty());
    }

    /** An edited scenario path keeps the cell ids: compare names the cells whose request changed, not their port. */
    @Test
    void aChangedRequestUnderTheSameCellIdIsWarned() throws Exception {
        RunResult a = Fixtures.run();
        RunResult samePathOtherPort = Json.read(Json.write(a).replace("127.0.0.1:40123", "127.0.0.1:39999"), RunResult.class);
        assertTrue(Comparison.of(a, samePathOtherPort).requests().isEmpty(), "another port is the same request");
        RunResult edited = Json.read(Json.write(a).replace("40123/plaintext", "40123/json?n=1"), RunResult.class);
        Comparison c = Comparison.of(a, edited);
        assertTrue(c.fingerprint().isEmpty(), "a request is not the environment: " + c.fingerprint());
        List<String> texts = c.requests().stream().map(Fingerprint.Difference::text).toList();
        assertEquals(Comparison.REQUEST_DIFFERENCES_NAMED + 0L, texts.stream().filter(t -> t.startsWith("request of ")).count(), texts.toString());
        assertTrue(texts.get(0).endsWith(": GET /plaintext -> GET /json?n=1"), texts.toString());
        String text = String.join("\n", CompareReport.lines(c));
        assertTrue(text.contains("WARNING: cells of the same id sent another request") && text.contains("/json?n=1")
                && !text.contains("environments differ"), text);
        // beyond the named cells the rest are counted, not listed
        List<CellView[]> pairs = new java.util.ArrayList<>();
        List<CellView> before = ReportModel.of(a).cells();
        List<CellView> after = ReportModel.of(edited).cells();
        for (int i = 0; i < 5; i++) {
            pairs.add(new CellView[]{before.get(i % before.size()), after.get(i % after.size())});
        }
        List<Fingerprint.Difference> five = Comparison.requestDifferences(pairs);
        assertEquals(Comparison.REQUEST_DIFFERENCES_NAMED + 1, five.size(), five.toString());
        assertEquals("request: as in A -> 2 more cells sent another request in B", five.getLast().text());
    }
}
