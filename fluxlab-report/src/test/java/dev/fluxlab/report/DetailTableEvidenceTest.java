package dev.fluxlab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.model.load.ConnectTimes;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.ListenQueue;
import dev.fluxlab.model.run.MachineCpu;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.RunResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The detail table shows the accept-queue evidence and, without keep-alive, the connect share, only when recorded. */
class DetailTableEvidenceTest {

    @Test
    void listenAndConnectColumnsAppearWithTheirFiguresOnlyWhenRecorded() {
        RunResult plain = Fixtures.run();
        DetailTable before = DetailTable.of(ReportModel.of(plain));
        assertFalse(before.header().stream().anyMatch(h -> h.startsWith("listen") || h.startsWith("connect")));

        CellResult first = plain.cells().get(0);
        List<RepeatResult> repeats = new ArrayList<>();
        for (RepeatResult r : first.repeats()) {
            LoadResult l = r.load();
            LoadResult noKeepAlive = new LoadResult(l.schema(), l.target(), l.protocol(), l.model(), l.method(),
                    l.connections(), l.inFlight(), l.rateRps(), l.warmupS(), l.warmupStable(), l.durationS(),
                    l.requestsOk(), l.errors(), l.throughputRps(), l.latencyMs(), l.lateRequests(), l.missedRequests(),
                    l.injectorCpuS(), l.injectorCpuCores(), l.perSecond(), l.histogram(), l.histogramUnit(),
                    l.uncorrectedHistogram(), l.transport(), l.injector(), l.threads(), l.warmupJitQuiet(),
                    l.watchedJvms(), l.statuses(), l.precisionPct(), new ConnectTimes(false, 100, 0.25, 0.2, 1.5, 2.0, 0.4));
            repeats.add(new RepeatResult(r.repeat(), r.startedAt(), noKeepAlive, r.processes(), r.findings(), r.valid(),
                    r.reasons(), r.injectorCpuShare(), r.measuredS(), r.readiness(), r.targetStats(), r.targetsFrom(),
                    r.machine(), r.speed(), new ListenQueue(40123, 12 * r.repeat(), 15, ListenQueue.NAMESPACE, 128L,
                    4096L, 5)));
        }
        DetailTable t = withFirstCellRepeats(plain, repeats);
        int listen = t.header().indexOf("listen overflows / drops / max queue");
        int connect = t.header().indexOf("connect ms mean / share");
        assertTrue(listen > 0 && connect > 0, t.header().toString());
        int row = -1;
        for (int i = 0; i < t.rows().size(); i++) {
            if (t.rows().get(i).get(0).equals(String.valueOf(first.index()))) {
                row = i;
            }
        }
        // the worst repeat's overflows, drops and queue; the median connect time and share
        assertEquals("%d / 15 / 128".formatted(12 * repeats.size()), t.rows().get(row).get(listen));
        assertEquals("0.250 / 40%", t.rows().get(row).get(connect));
        assertEquals("-", t.rows().get(row == 0 ? 1 : 0).get(listen));
    }

    /**
     * The machine's idle / others cores and the repeat count follow the rule the figures follow (valid repeats when
     * any): an invalid repeat's machine readings were in the median and n counted it.
     */
    @Test
    void machineColumnAndCountUseTheRepeatsTheFiguresAreMadeOf() {
        RunResult plain = Fixtures.run();
        CellResult first = plain.cells().get(0);
        List<RepeatResult> repeats = new ArrayList<>();
        double[][] machine = {{0.1, 0.3}, {0.2, 0.4}, {1.5, 0.9}};
        for (RepeatResult r : first.repeats()) {
            int i = repeats.size();
            repeats.add(new RepeatResult(r.repeat(), r.startedAt(), r.load(), r.processes(), r.findings(), i < 2,
                    i < 2 ? List.of() : List.of("error rate 5% > 0.1%"), r.injectorCpuShare(), r.measuredS(),
                    r.readiness(), r.targetStats(), r.targetsFrom(),
                    new MachineCpu(2, 1.8, machine[i][0], machine[i][1], 0.0), r.speed(), r.listen()));
        }
        DetailTable t = withFirstCellRepeats(plain, repeats);
        List<String> row = t.rows().stream().filter(r -> r.get(0).equals(String.valueOf(first.index()))).findFirst()
                .orElseThrow();
        assertEquals("0.150 / 0.350", row.get(t.header().indexOf("idle / others cores")));
        assertEquals("2 of 3", row.get(t.header().indexOf("n")));
    }

    /** The detail table of {@code plain} with its first cell's repeats replaced by {@code repeats}. */
    private static DetailTable withFirstCellRepeats(RunResult plain, List<RepeatResult> repeats) {
        CellResult first = plain.cells().get(0);
        List<CellResult> cells = new ArrayList<>(plain.cells());
        cells.set(0, new CellResult(first.id(), first.index(), first.knobs(), first.versions(), repeats, first.summary(),
                first.valid(), first.reasons(), first.findings(), first.dir(), first.theory(), first.profiles()));
        RunResult run = new RunResult(plain.schema(), plain.runId(), plain.suite(), plain.suiteFile(),
                plain.description(), plain.status(), plain.startedAt(), plain.finishedAt(), plain.environment(),
                plain.tables(), plain.settings(), cells, plain.noise(), plain.claims());
        return DetailTable.of(ReportModel.of(run));
    }
}
