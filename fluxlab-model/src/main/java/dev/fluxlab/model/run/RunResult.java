package dev.fluxlab.model.run;

import dev.fluxlab.model.decide.TrialRecord;

import java.util.List;
import java.util.Map;

/**
 * {@code results/<run>/results.json}: everything a run measured. The report and {@code compare} read nothing else,
 * so a report can always be regenerated from this file.
 *
 * @param schema      always {@link #SCHEMA}
 * @param runId       folder name, e.g. {@code 20261122-093000-quick}
 * @param suite       suite name
 * @param suiteFile   path of the suite file as given
 * @param description the suite's description
 * @param status      {@code running}, {@code complete}, {@code interrupted} or {@code failed}
 * @param startedAt   ISO-8601 instant
 * @param finishedAt  ISO-8601 instant (null while running)
 * @param environment machine and JDK
 * @param tables      the end tables the suite asks for
 * @param settings    run-wide settings (warm-up mode, measurement length, repeats, thresholds)
 * @param cells       every cell run so far
 * @param noise       the run's own noise floor (A/A pairs or repeat spread); added in fluxlab.run/1, may be null
 * @param claims      the suite's claims as judged when the run ended (added; null when the suite has none)
 * @param hosts       the suite hosts roles ran on (docs/hosts.md); null when every role ran on the runner's machine
 * @param trials      the interleaved trials of the suite's claims ({@link TrialRecord}: every window they measured,
 *                    from which the claims' verdicts are recomputed); null when none ran
 */
public record RunResult(
        String schema,
        String runId,
        String suite,
        String suiteFile,
        String description,
        String status,
        String startedAt,
        String finishedAt,
        Environment environment,
        List<TableSpec> tables,
        Map<String, Object> settings,
        List<CellResult> cells,
        NoiseFloor noise,
        List<ClaimResult> claims,
        List<RunHost> hosts,
        List<TrialRecord> trials) {

    public static final String SCHEMA = "fluxlab.run/1";

    /** A run document without interleaved trials (none ran, or before they ran). */
    public RunResult(String schema, String runId, String suite, String suiteFile, String description, String status,
                     String startedAt, String finishedAt, Environment environment, List<TableSpec> tables,
                     Map<String, Object> settings, List<CellResult> cells, NoiseFloor noise, List<ClaimResult> claims,
                     List<RunHost> hosts) {
        this(schema, runId, suite, suiteFile, description, status, startedAt, finishedAt, environment, tables, settings,
                cells, noise, claims, hosts, null);
    }

    /** A run document without judged claims (a suite without claims, or before the run ended). */
    public RunResult(String schema, String runId, String suite, String suiteFile, String description, String status,
                     String startedAt, String finishedAt, Environment environment, List<TableSpec> tables,
                     Map<String, Object> settings, List<CellResult> cells, NoiseFloor noise) {
        this(schema, runId, suite, suiteFile, description, status, startedAt, finishedAt, environment, tables, settings,
                cells, noise, null);
    }

    /** A run document whose roles all ran on the runner's machine. */
    public RunResult(String schema, String runId, String suite, String suiteFile, String description, String status,
                     String startedAt, String finishedAt, Environment environment, List<TableSpec> tables,
                     Map<String, Object> settings, List<CellResult> cells, NoiseFloor noise, List<ClaimResult> claims) {
        this(schema, runId, suite, suiteFile, description, status, startedAt, finishedAt, environment, tables, settings,
                cells, noise, claims, null);
    }

    /** This run with {@code list} as its judged claims. */
    /**
     * The machine's typical speed during this run ({@link MachineSpeed#typical}: the median over its repeats, else the
     * speed before it); null when it recorded none.
     */
    public MachineSpeed typicalMachineSpeed() {
        return MachineSpeed.typical(cells, environment == null ? null : environment.speedBefore());
    }

    public RunResult withClaims(List<ClaimResult> list) {
        return new RunResult(schema, runId, suite, suiteFile, description, status, startedAt, finishedAt, environment,
                tables, settings, cells, noise, list, hosts, trials);
    }

    /** This run with {@code hosts} recorded. */
    public RunResult withHosts(List<RunHost> list) {
        return new RunResult(schema, runId, suite, suiteFile, description, status, startedAt, finishedAt, environment,
                tables, settings, cells, noise, claims, list, trials);
    }

    /** This run with {@code list} as its interleaved trials ({@link TrialRecord}, one per claim that had one). */
    public RunResult withTrials(List<TrialRecord> list) {
        return new RunResult(schema, runId, suite, suiteFile, description, status, startedAt, finishedAt, environment,
                tables, settings, cells, noise, claims, hosts, list);
    }
}
