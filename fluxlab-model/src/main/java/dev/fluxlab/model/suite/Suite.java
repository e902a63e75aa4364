package dev.fluxlab.model.suite;

import dev.fluxlab.model.placement.CellPlacement;
import dev.fluxlab.model.placement.CpuList;
import dev.fluxlab.model.placement.PlacementMode;
import dev.fluxlab.model.claim.Claim;
import dev.fluxlab.model.profile.ProfileMode;
import dev.fluxlab.model.warmup.WarmupPolicy;
import dev.fluxlab.model.run.TableSpec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A parsed and structurally checked suite: its YAML as written ({@link #spec()}), where each key sits
 * ({@link #locations()}), run-wide settings with their defaults, and its expansion into {@link Cell}s.
 *
 * <p>Everything wrong with the file is reported as one {@link SuiteException} naming the file, line and column,
 * before anything is started. The work is done by {@link SuiteReader} (reading, YAML errors), {@link SuiteChecks}
 * (structure), {@link SuiteSettings} (settings and defaults), {@link CellMatrix} (expansion) and {@link SuitePlacement}
 * (CPU placement of each cell's processes). Checks that need the
 * target registry or the machine (knob names and values, transports, garbage collectors) live with the registry and
 * use {@link #error(String, String)} for positions.
 */
public final class Suite {

    /**
     * The most cells a suite may have, and so a run's results: a limit far beyond any real experiment (10,000 cells
     * take days) that {@code CellMatrix} applies before expanding and readers of results apply before reporting.
     */
    public static final int MAX_CELLS = 10_000;

    /** The most repeats a suite may ask for per cell (a run with {@code --aa} records twice as many). */
    public static final int MAX_REPEATS = 1_000;

    private final SuiteSource source;
    private final SuiteSettings settings;
    private final List<Cell> cells;
    private final SuitePlacement placement;
    private final List<Claim> claims;
    private final SuiteAssumptions assumptions;
    private final SuiteHosts hosts;
    private final List<String> notes;

    private Suite(SuiteSource source, boolean aa) {
        this.source = source;
        this.settings = new SuiteSettings(source.spec(), aa);
        SuiteChecks checks = new SuiteChecks(source, settings);
        checks.structure();
        this.notes = checks.notes();
        CellMatrix matrix = new CellMatrix(source.spec());
        this.cells = matrix.expand(source);
        checks.references(new LinkedHashSet<>(matrix.dimensionNames()));
        checks.seedPositions(cells);
        checks.trainedStarts(cells);
        this.placement = new SuitePlacement(source);
        placement.check(cells);
        this.claims = new SuiteClaims(source, cells).resolve();
        checks.trialKeys(claims);
        checks.decideMax(claims);
        this.assumptions = SuiteAssumptions.of(source);
        this.hosts = new SuiteHosts(source);
        hosts.check(placement.mode());
    }

    /** Reads and checks a suite file (a regular file of at most 1 MiB). */
    public static Suite load(Path file) {
        return load(file, List.of());
    }

    /**
     * Reads a suite file with the command line's overrides ({@code --set KEY=VALUE}, see {@link SuiteOverrides})
     * applied, and checks the result as a whole: an error at an overridden key names the override.
     */
    public static Suite load(Path file, List<String> overrides) {
        return new Suite(SuiteReader.load(file, overrides), false);
    }

    /** Parses and checks suite text; {@code file} is only used in messages. */
    public static Suite parse(String file, String text) {
        return parse(file, text, List.of());
    }

    /** Parses and checks suite text with overrides ({@code --set KEY=VALUE}) applied. */
    public static Suite parse(String file, String text, List<String> overrides) {
        return new Suite(SuiteReader.parse(file, text, overrides), false);
    }

    /**
     * What a run of this suite tells before it starts, one line each: a setting of the file that a {@code --set}
     * made moot (the file's {@code warmup_max} under {@code --set warmup=5s}). Empty for most suites.
     */
    public List<String> notes() {
        return notes;
    }

    /** The machine the suite assumes ({@code assumes:}); its parts are null when not said. */
    public SuiteAssumptions assumptions() {
        return assumptions;
    }

    /** The overrides this suite was read with ({@code --set KEY=VALUE}, as given); empty when none. */
    public List<String> overrides() {
        return source.overrides().given();
    }

    /**
     * The same suite in A/A mode ({@code fluxlab run --aa}): each cell runs an even number of repeats (at least two),
     * interleaved, and the run's noise floor is measured from those identical pairs.
     *
     * @throws SuiteException when an override of the same command asks for another repeat order
     */
    public Suite withAa() {
        // the file's own repeat_order gives way to A/A's order; the same command asking for another one is refused
        if (source.overrides().describe("/repeat_order") != null
                && !SuiteSettings.INTERLEAVED.equals(source.spec().repeatOrder())) {
            throw source.error("/repeat_order", "--aa runs every cell's repeats interleaved (A B B A), so it cannot "
                    + "run them '" + source.spec().repeatOrder() + "'; leave out this --set or --aa");
        }
        return new Suite(source, true);
    }

    /** See {@link SuiteSettings#profileModes()}. */
    public List<ProfileMode> profileModes() {
        return settings.profileModes();
    }

    /** See {@link SuiteSettings#aa()}. */
    public boolean aa() {
        return settings.aa();
    }

    public String file() {
        return source.file();
    }

    /** The file's text as read (copied into the results folder). */
    public String text() {
        return source.text();
    }

    public SuiteSpec spec() {
        return source.spec();
    }

    public Locations locations() {
        return source.locations();
    }

    /** The pointer of load profile {@code i}: {@code /load/i}, or {@code /load} when the suite gives one profile as a map. */
    public String loadPointer(int i) {
        return source.loadPointer(i);
    }

    /** An error at the key or value {@code pointer} (e.g. {@code /targets/x/knobs/transport/1}). */
    public SuiteException error(String pointer, String problem) {
        return source.error(pointer, problem);
    }

    /**
     * The most characters of a suite's {@code name}: it heads every report and is part of the results folder's name,
     * which the file system limits to 255 bytes (a longer name derived from the file name is cut there).
     */
    public static final int MAX_NAME = 100;

    public String name() {
        if (spec().name() != null && !spec().name().isBlank()) {
            return spec().name();
        }
        String base = Path.of(file()).getFileName().toString();
        int dot = base.lastIndexOf('.');
        return dot > 0 ? base.substring(0, dot) : base;
    }

    public String description() {
        return spec().description() == null ? "" : spec().description().strip();
    }

    // ---------------------------------------------------------------- settings (see SuiteSettings)

    public boolean autoWarmup() {
        return settings.autoWarmup();
    }

    /**
     * The warm-up of {@code cell}: for {@code auto}, at least its {@link #coldWarmupMin(Cell)} when its target JVMs
     * were just started ({@code coldTargets}).
     */
    public WarmupPolicy warmupPolicy(Cell cell, boolean coldTargets) {
        return autoWarmup() ? WarmupPolicy.auto(coldTargets ? coldWarmupMin(cell) : Duration.ZERO, warmupMax())
                : WarmupPolicy.fixed(warmup());
    }

    /** Fixed warm-up length; for {@code auto} the bound. */
    public Duration warmup() {
        return settings.warmup();
    }

    public Duration warmupMax() {
        return settings.warmupMax();
    }

    /** See {@link SuiteSettings#coldWarmupMin()}. */
    public Duration coldWarmupMin() {
        return settings.coldWarmupMin();
    }

    /** See {@link SuiteSettings#coldWarmupMin(Cell)}. */
    public Duration coldWarmupMin(Cell cell) {
        return settings.coldWarmupMin(cell);
    }

    public Duration measure() {
        return settings.measure();
    }

    /** See {@link SuiteSettings#measureAuto()}. */
    public boolean measureAuto() {
        return settings.measureAuto();
    }

    /** See {@link SuiteSettings#interleaveAlways()}. */
    public boolean interleaveAlways() {
        return settings.interleaveAlways();
    }

    /** See {@link SuiteSettings#decideMethod()}. */
    public dev.fluxlab.model.decide.DecideMethod decideMethod() {
        return settings.decideMethod();
    }

    /** See {@link SuiteSettings#decideMax()}. */
    public Duration decideMax() {
        return settings.decideMax();
    }

    /** See {@link SuiteSettings#measureMax()}. */
    public Duration measureMax() {
        return settings.measureMax();
    }

    /** See {@link SuiteSettings#precision()}. */
    public Double precision() {
        return settings.precision();
    }

    public int repeats() {
        return settings.repeats();
    }

    public Duration startupTimeout() {
        return settings.startupTimeout();
    }

    /** See {@link SuiteSettings#sharedTargets()}. */
    public boolean sharedTargets() {
        return settings.sharedTargets();
    }

    /** See {@link SuiteSettings#aot()}. */
    public boolean aot() {
        return settings.aot();
    }

    /**
     * Whether process {@code p} of a cell starts from its trained AOT cache (where the machine allows one): its own
     * {@code jvm.aot} knob when the suite gives it one, else the suite's {@code aot}.
     */
    public boolean aot(Cell.CellProcess p) {
        return p.aot() != null ? p.aot() : settings.aot();
    }

    /** Whether any process of any cell starts from its trained AOT cache ({@link #aot(Cell.CellProcess)}). */
    public boolean anyAot() {
        return cells().stream().anyMatch(c -> c.processes().stream().anyMatch(this::aot));
    }

    /** See {@link SuiteSettings#interleavedRepeats()}. */
    public boolean interleavedRepeats() {
        return settings.interleavedRepeats();
    }

    public double maxErrorRate() {
        return settings.maxErrorRate();
    }

    public boolean requireStableWarmup() {
        return settings.requireStableWarmup();
    }

    public double injectorSaturation() {
        return settings.injectorSaturation();
    }

    /** Log findings a repeat may have before it is invalid; null = findings (other than fatal ones) only warn. */
    public Integer maxLogFindings() {
        return settings.maxLogFindings();
    }

    public List<TableSpec> tables() {
        return settings.tables();
    }

    /** Run-wide settings as stored in results.json; {@code set} lists the command line's overrides, if any. */
    public Map<String, Object> settings() {
        Map<String, Object> s = settings.asMap();
        if (!overrides().isEmpty()) {
            s.put(OVERRIDES, overrides());
        }
        return s;
    }

    /** The key of the overrides in {@link #settings()} ({@code settings.set} in results.json). */
    public static final String OVERRIDES = "set";

    // ---------------------------------------------------------------- placement (see SuitePlacement)

    /** The suite's {@code placement} mode ({@code free} unless it names one). */
    public PlacementMode placementMode() {
        return placement.mode();
    }

    /**
     * Where {@code cell}'s processes run on a machine whose online CPUs are {@code online}: each target process and
     * each injector with its CPU list (null: any CPU).
     *
     * @throws SuiteException at the offending key: CPUs the machine does not have, roles sharing CPUs under
     *                        {@code placement: exclusive}, more roles than CPUs under {@code placement: auto}
     */
    public CellPlacement placement(Cell cell, CpuList online) {
        return placement.place(cell, online);
    }

    /**
     * Like {@link #placement(Cell, CpuList)} with each host's online CPUs: {@code onlineOf(host)}, host null for the
     * runner's machine; a host it returns null for is not checked (its CPUs are known only once it answered).
     */
    public CellPlacement placement(Cell cell, java.util.function.Function<String, CpuList> onlineOf) {
        return placement.place(cell, onlineOf);
    }

    /** The suite's {@code hosts:} by name (empty: every role runs on the runner's machine). */
    public Map<String, SuiteHost> hosts() {
        return hosts.hosts();
    }

    /** The run's placement in one line, for its environment: {@code none}, or the mode and each cell's CPUs. */
    public String placementSummary(CpuList online) {
        return placement.summary(cells, online);
    }

    // ---------------------------------------------------------------- cells (see CellMatrix)

    /** The suite's claims, each resolved to cells of {@link #cells()} (see {@link SuiteClaims}); empty when none. */
    public List<Claim> claims() {
        return claims;
    }

    /** The matrix, expanded in a stable order, with excluded cells removed. */
    public List<Cell> cells() {
        return cells;
    }

    /** Every knob name a cell of this suite has (for exclude rules and tables). */
    public Set<String> knobNames() {
        Set<String> names = new LinkedHashSet<>();
        cells.forEach(c -> names.addAll(c.knobs().keySet()));
        return names;
    }

    /** Knob names are written as the target's CLI flags ({@code select-count}); {@code select_count} is accepted too. */
    public static String knobName(String raw) {
        return CellMatrix.knobName(raw);
    }

    /** The stable id of a knob map: {@code key=value} pairs joined by commas in knob order. */
    public static String id(Map<String, String> knobs) {
        return CellMatrix.id(knobs);
    }
}
