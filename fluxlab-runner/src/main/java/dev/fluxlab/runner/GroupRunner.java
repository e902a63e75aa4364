package dev.fluxlab.runner;

import dev.fluxlab.model.inject.Capability;
import dev.fluxlab.model.profile.ProfileMode;
import dev.fluxlab.model.run.CellProfile;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.ProcessProfile;
import dev.fluxlab.model.run.CellSummary;
import dev.fluxlab.model.run.LogFinding;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.listen.RunListener;
import dev.fluxlab.runner.observe.LogScanner;
import dev.fluxlab.runner.registry.TargetRegistry;
import dev.fluxlab.model.run.Summaries;
import dev.fluxlab.runner.verdict.Verdict;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * Runs the repeats of a group of cells ({@link RepeatGroups}) in their order and turns each cell's repeats into its
 * result: summary across repeats, verdict, merged log findings, library versions, theory column.
 */
final class GroupRunner {

    private final TargetRegistry registry;
    private final RepeatRunner repeats;
    private final RunListener listener;
    private final BooleanSupplier interrupted;
    private final Runnable markInterrupted;
    private boolean profilerNoticed;

    GroupRunner(TargetRegistry registry, RepeatRunner repeats, RunListener listener, BooleanSupplier interrupted,
                Runnable markInterrupted) {
        this.registry = registry;
        this.repeats = repeats;
        this.listener = listener;
        this.interrupted = interrupted;
        this.markInterrupted = markInterrupted;
    }

    /** A cell's profiled repeat as run (its overhead is judged once the cell's unprofiled repeats are summarised). */
    private record Profiled(ProfileMode mode, RepeatResult repeat, List<ProcessProfile> processes, List<String> notes) {
    }

    /**
     * Runs every repeat of a group's cells, then (when the run profiles) one profiled repeat per profile mode and
     * cell, after all unprofiled ones so they never share targets or drift with them; null when the run was
     * interrupted meanwhile.
     */
    List<CellResult> run(Suite suite, List<Cell> group, Path runDir, int firstPosition, int total) throws IOException {
        Map<Cell, List<RepeatResult>> results = new LinkedHashMap<>();
        Map<Cell, List<Profiled>> profiled = new LinkedHashMap<>();
        Map<Cell, Path> dirs = new LinkedHashMap<>();
        for (Cell cell : group) {
            Path cellDir = runDir.resolve("cells").resolve(RepeatGroups.cellDirName(cell));
            Files.createDirectories(cellDir);
            dirs.put(cell, cellDir);
            results.put(cell, new ArrayList<>());
            profiled.put(cell, new ArrayList<>());
        }
        List<ProfileMode> modes = suite.profileModes();
        int planned = suite.repeats() + modes.size();
        for (int r = 1; r <= suite.repeats(); r++) {
            for (Cell cell : RepeatGroups.order(group, r)) {
                RunListener.Position pos = new RunListener.Position(firstPosition + group.indexOf(cell), total, r, planned);
                RepeatRunner.Outcome o = repeat(suite, cell, r, runDir, dirs.get(cell), pos, null);
                if (o == null) {
                    return null;
                }
                results.get(cell).add(o.result());
            }
        }
        Optional<String> unusable = modes.isEmpty() ? Optional.empty() : repeats.profilerProblem();
        if (unusable.isPresent() && !profilerNoticed) {
            profilerNoticed = true;
            listener.notice("not profiled: " + unusable.get());
        }
        for (int k = 0; k < modes.size(); k++) {
            for (Cell cell : group) {
                ProfileMode mode = modes.get(k);
                if (unusable.isPresent()) {
                    profiled.get(cell).add(new Profiled(mode, null, List.of(), List.of(unusable.get())));
                    continue;
                }
                int r = suite.repeats() + k + 1;
                RunListener.Position pos = new RunListener.Position(firstPosition + group.indexOf(cell), total, r, planned);
                RepeatRunner.Outcome o = repeat(suite, cell, r, runDir, dirs.get(cell), pos, mode);
                if (o == null) {
                    return null;
                }
                profiled.get(cell).add(new Profiled(mode, o.result(), o.profiles() == null ? List.of() : o.profiles(),
                        notProfiled(cell)));
            }
        }
        List<CellResult> out = new ArrayList<>();
        for (Cell cell : group) {
            out.add(cellResult(cell, results.get(cell), runDir.relativize(dirs.get(cell)), profiled.get(cell)));
        }
        return out;
    }

    /** One repeat with its failures turned into an invalid result; null when the run was interrupted. */
    private RepeatRunner.Outcome repeat(Suite suite, Cell cell, int r, Path runDir, Path cellDir,
                                        RunListener.Position pos, ProfileMode mode) {
        listener.cellStarted(cell, pos);
        RepeatRunner.Outcome o;
        try {
            o = repeats.run(suite, cell, r, runDir, cellDir, pos, mode);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            markInterrupted.run();
            return null;
        } catch (IOException | RuntimeException e) {
            if (interrupted.getAsBoolean()) {
                return null;
            }
            o = new RepeatRunner.Outcome(RepeatResult.failed(r, Instant.now().toString(),
                    "the runner failed on this repeat: " + e), null);
        }
        return interrupted.getAsBoolean() ? null : o;
    }

    /**
     * What a profiled repeat of {@code cell} does not profile: a load tool other than fluxlab's injector, or fluxlab's
     * injectors when there are several (their profiler files and recordings would share one name).
     */
    private static List<String> notProfiled(Cell cell) {
        String tool = cell.load().injectorName();
        if (cell.load().traits().can(Capability.PROFILED)) {
            // (a suite never spreads fewer injectors than hosts: SuitePlacement refuses it)
            return cell.load().injectors() > 1 ? List.of("the " + cell.load().injectors() + " injectors are not "
                    + "profiled (a cell with several injectors profiles its targets only)") : List.of();
        }
        return List.of(!cell.load().traits().can(Capability.JVM) ? tool + " is not a JVM: only the targets are profiled"
                : tool + "'s JVM is not profiled: only the targets are");
    }

    private CellResult cellResult(Cell cell, List<RepeatResult> repeats, Path cellDir, List<Profiled> profiled) {
        CellSummary summary = Summaries.of(repeats);
        Verdict.Outcome v = Verdict.cell(repeats, summary.throughputRps() == null ? 0 : summary.throughputRps().relativeSpread());
        List<LogFinding> findings = LogScanner.merge(repeats.stream().flatMap(x -> x.findings().stream()).toList());
        // a suite's own command has no classpath of the lab's: its libraries are its own business
        String cp = registry.command(cell.entryProcess().target()).isPresent() ? null
                : registry.target(cell.entryProcess().target())
                .map(d -> registry.classpath(d.forKnobs(cell.entryProcess().knobs()))).orElse(null);
        Double unprofiled = summary.throughputRps() == null || summary.throughputRps().n() == 0 ? null
                : summary.throughputRps().median();
        List<CellProfile> profiles = profiled.isEmpty() ? null : profiled.stream()
                .map(p -> CellProfile.of(p.mode().label(), p.repeat(), unprofiled, p.processes(), p.notes())).toList();
        Map<String, String> built = registry.target(cell.entryProcess().target())
                .flatMap(d -> d.stack(cell.entryProcess().knobs())).map(st -> st.def().versions()).orElse(null);
        return new CellResult(cell.id(), cell.index(), cell.knobs(),
                built != null ? built : EnvironmentProbe.versions(cp), repeats, summary,
                v.valid(), v.reasons(), findings, cellDir.toString(),
                TheoryColumn.of(cell, repeats, summary), profiles);
    }
}
