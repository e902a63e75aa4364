package dev.fluxlab.model.suite;

import dev.fluxlab.model.run.TableSpec;

import java.util.List;
import java.util.Map;

/**
 * A suite file as written (snake_case keys; any knob may be one value or a list of values).
 *
 * @param name           suite name (defaults to the file name without extension)
 * @param description    one or two sentences shown in reports
 * @param targets        systems under test by name; each becomes a value of the {@code target} knob
 * @param scenarios      requests to send and what every response must look like, by name ({@code scenario} knob)
 * @param load           load profiles; list-valued fields make a sweep
 * @param warmup         {@code auto} (until per-second throughput is stable and the watched JVMs have stopped
 *                       compiling, bounded by {@code warmup_max}: {@code WarmupPolicy}) or a duration
 * @param warmupMax      bound of the automatic warm-up
 * @param coldWarmupMin  least automatic warm-up of a cell whose target JVMs were just started (their JIT may hold a
 *                       plateau for seconds before C2 compiles the hot path); default none
 * @param measure        measured phase length, or {@code auto}: at least 5 s, then until the mean throughput is known
 *                       within {@code precision}, at most {@code measure_max}
 * @param repeats        repeats of every cell
 * @param startupTimeout how long a target may take to print its readiness line
 * @param fork           {@code per-cell} (default: fresh target JVMs for every cell and repeat) or {@code shared}
 *                       (consecutive cells whose target processes are identical run against the same, already warm
 *                       target JVMs; every cell still has its own warm-up and measurement)
 * @param repeatOrder    {@code sequential} (default: all repeats of a cell, then the next cell) or {@code interleaved}
 *                       (within consecutive cells with identical targets: repeat 1 of each cell in order, repeat 2 in
 *                       reverse order, and so on, so slow drift of a shared target or of the machine falls on every
 *                       cell alike: the A B B A design of side-by-side comparisons)
 * @param thresholds     what makes a repeat invalid
 * @param exclude        partial knob maps: a cell matching every key of one of them is left out
 * @param tables         end tables: rows knobs x column knobs, filled with one figure
 * @param precision      with {@code measure: auto}: the half-width of the 95 % interval of the mean throughput to reach,
 *                       e.g. {@code 2%} (default 2%)
 * @param measureMax     with {@code measure: auto}: the bound of the measured phase (default 30s)
 * @param placement      how the roles' CPU lists relate: {@code free} (default), {@code exclusive} or {@code auto}
 *                       ({@link dev.fluxlab.model.placement.PlacementMode})
 * @param claims         what a source (a seed write-up) claims about some cells' figures, judged after every run
 * @param profile        profile modes ({@code cpu}, {@code alloc}, {@code wall}, {@code lock}, {@code jfr}; one or a
 *                       list): each adds one profiled repeat per cell after the unprofiled ones (default none)
 * @param assumes        the machine the suite was written for (a seed's faithful variant): validation warns, without
 *                       refusing, when this machine is smaller
 * @param hosts          machines reached over SSH, by name, that roles can be placed on with {@code host:}
 *                       (docs/hosts.md); none: every role runs on the runner's machine
 * @param decideMax      the time budget of each claim's interleaved trial, after the cells ran (default 2m; {@code 0s}:
 *                       claims are judged from the cells' repeats only)
 * @param ab             an A/B comparison decided per cell: a knob with two values, each pair of cells that differ
 *                       only in it becomes a claim "B and A the same within P %" ({@link AbSpec})
 * @param aot            whether local target JVMs start from their trained JDK 25 AOT cache (default false: every
 *                       target starts cold, as the seeds' did; training did not shorten warm-ups here and changed a
 *                       steady state, docs/suites.md "Trained targets"); a process's {@code jvm.aot} ({@link JvmSpec})
 *                       sets it per process, or runs it both ways as a knob
 * @param interleave     which claims get an interleaved trial: {@code close} (default) every claim but those whose
 *                       cells' repeats decide it far beyond the machine's drift ({@code ClearOfDrift}), {@code always}
 *                       every claim that can be interleaved
 * @param decideMethod   how a trial's rounds load the claim's cells: {@code alternate} (default: one after another,
 *                       in a random order) or {@code duet} (all at once, by an injector each;
 *                       {@link dev.fluxlab.model.decide.DecideMethod})
 */
public record SuiteSpec(
        String name,
        String description,
        Map<String, TargetSpec> targets,
        Map<String, ScenarioSpec> scenarios,
        List<LoadSection> load,
        String warmup,
        String warmupMax,
        String coldWarmupMin,
        String measure,
        Integer repeats,
        String startupTimeout,
        String fork,
        String repeatOrder,
        ThresholdSpec thresholds,
        List<Map<String, List<String>>> exclude,
        List<TableSpec> tables,
        String precision,
        String measureMax,
        String placement,
        List<ClaimSpec> claims,
        List<String> profile,
        AssumesSpec assumes,
        Map<String, SuiteHost> hosts,
        String decideMax,
        AbSpec ab,
        Boolean aot,
        String interleave,
        String decideMethod) {

    /**
     * A system under test: either one process (registry {@code target}, {@code knobs}, {@code jvm}) or several named
     * {@code processes} started in order, of which {@code entry} receives the load. {@code coldWarmupMin} overrides
     * the suite's {@code cold_warmup_min} for this target (a Spring application's JIT ramps far longer than Netty's).
     * {@code cpus} is the CPU list of a one-process target ({@code "0-3"}, {@code "4,5"}); each of several
     * {@code processes} has its own; {@code host} likewise names the suite host it runs on (null: this machine).
     * A target with {@code command} is the user's own server started by that command line ({@link CommandTarget}:
     * {@code ready}, {@code cwd}, {@code env}, {@code stop}, and {@code knobs} substituted as {@code ${knob}}).
     */
    public record TargetSpec(
            String target,
            Map<String, List<String>> knobs,
            JvmSpec jvm,
            Map<String, ProcessSpec> processes,
            String entry,
            String coldWarmupMin,
            String cpus,
            String host,
            List<String> command,
            ReadySpec ready,
            String cwd,
            Map<String, String> env,
            StopSpec stop) {

        /** A registry target (no command). */
        public TargetSpec(String target, Map<String, List<String>> knobs, JvmSpec jvm, Map<String, ProcessSpec> processes,
                          String entry, String coldWarmupMin, String cpus, String host) {
            this(target, knobs, jvm, processes, entry, coldWarmupMin, cpus, host, null, null, null, null, null);
        }

        /** Whether this target is the suite's own command ({@link CommandTarget}) rather than a registry target. */
        public boolean isCommand() {
            return command != null;
        }
    }

    /**
     * When a command target is ready: exactly one of an HTTP GET on {@code http} (a path) answering 2xx or 3xx, a
     * line of its output matching the regular expression {@code log}, or {@code port: true}, a TCP connection to its
     * port accepted.
     */
    public record ReadySpec(String http, String log, Boolean port) {
    }

    /** How a command target is stopped: {@code signal} (default TERM), then KILL after {@code grace} (default 10s). */
    public record StopSpec(String signal, String grace) {
    }

    /**
     * One process of a multi-process target. Knob values may refer to earlier processes: {@code ${backend.port}}.
     * {@code cpus}: its CPU list.
     */
    public record ProcessSpec(String target, Map<String, List<String>> knobs, JvmSpec jvm, String cpus, String host) {
    }

    /**
     * JVM options of a target process; {@code heap}, {@code gc} and {@code aot} may be lists (matrix), {@code flags} is
     * one list. {@code aot}: whether the process starts from its trained AOT cache ({@code true}) or cold
     * ({@code false}, the suite's default); {@code [true, false]} runs it both ways, as the knob {@code aot} (docs/suites.md "Trained targets").
     */
    public record JvmSpec(List<String> heap, List<String> gc, List<String> flags, List<Boolean> aot) {

        /** Options without an {@code aot} of their own (the suite's {@code aot} applies). */
        public JvmSpec(List<String> heap, List<String> gc, List<String> flags) {
            this(heap, gc, flags, null);
        }
    }

    /**
     * A request and its verification. {@code body} and {@code body_size} are mutually exclusive. {@code theory}
     * (added) names where the endpoint's blocking call runs ({@code dev.fluxlab.model.theory.Placement}: event-loop,
     * bounded-elastic, task-pool, common-pool, virtual, non-blocking-wait), so each cell carries the throughput theory
     * predicts.
     */
    public record ScenarioSpec(
            String method,
            String path,
            String body,
            Integer bodySize,
            Map<String, String> headers,
            ExpectSpec expect,
            String theory) {

        /** Methods a scenario may name; each load tool sends some of them (see {@link #INJECTOR_METHODS}). */
        public static final List<String> METHODS = List.of("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS");
        /** Methods fluxlab's own injector sends ({@code fluxlab load --method}); wrk and ab send any of {@link #METHODS}. */
        public static final List<String> INJECTOR_METHODS = List.of("GET", "POST");

    }

    /** What every response must carry; unset parts are not checked (status defaults to 200). */
    public record ExpectSpec(Integer status, String body, String contentType) {
    }

    /**
     * A load profile: closed ({@code connections} x {@code in_flight}, as fast as possible) or open ({@code rate}).
     * Each list-valued field is a sweep. {@code injector} names the load tool ({@code fluxlab}, the default, or a
     * peer tool of {@link dev.fluxlab.model.inject.Injectors}); when given it becomes the
     * {@code injector} knob. {@code injectors}: how many fluxlab injector processes share the load (connections and
     * rate split between them, histograms merged); when given it becomes the {@code injectors} knob.
     * {@code host}: the suite hosts the injectors run on, one name or several; unlike the sweeps, several names spread
     * one cell's injectors over those hosts (no host: the runner's machine). {@code cpus}: the injectors' CPU list on
     * each of those hosts (split between a host's injectors when it has a CPU for each), or one list per host in
     * {@code host}'s order. {@code keep_alive}: {@code false} opens a new connection for every request (HTTP/1.1, as
     * {@code ab} without {@code -k}); when given it becomes the {@code keep_alive} knob (a list compares both).
     * {@code requests}: each measured phase is this many requests instead of {@code measure} long, {@code measure}
     * then being its time bound ({@code measure: auto} is refused beside it); {@code prime}: a priming load before
     * each repeat's warm-up.
     */
    public record LoadSection(
            List<Integer> connections,
            List<Integer> inFlight,
            List<Integer> rate,
            String protocol,
            Integer threads,
            String timeout,
            List<String> injector,
            List<Integer> injectors,
            List<String> cpus,
            List<Boolean> keepAlive,
            Long requests,
            PrimeSpec prime,
            List<String> host) {

        /** A profile without a request count or a priming step. */
        public LoadSection(List<Integer> connections, List<Integer> inFlight, List<Integer> rate, String protocol,
                           Integer threads, String timeout, List<String> injector, List<Integer> injectors,
                           List<String> cpus, List<Boolean> keepAlive) {
            this(connections, inFlight, rate, protocol, threads, timeout, injector, injectors, cpus, keepAlive, null,
                    null, null);
        }
    }

    /**
     * A priming load before a cell's warm-up (seed 001 spread the frontend's connections with
     * {@code h2load -c16 -m100 -n100} before measuring): a fixed number of requests by any injector, recorded in the
     * repeat and never counted in its figures.
     *
     * @param injector    the load tool (default {@code fluxlab})
     * @param connections connections (default the cell's)
     * @param inFlight    streams per connection / pipeline depth (default the cell's)
     * @param requests    the request count (required)
     */
    public record PrimeSpec(String injector, Integer connections, Integer inFlight, Long requests) {
    }

    /**
     * @param maxErrorRate        errors / (ok + errors) above which a repeat is invalid
     * @param requireStableWarmup whether an automatic warm-up that hit its bound invalidates the repeat
     * @param injectorSaturation  fraction of the injector's usable cores above which it is called saturated
     * @param maxLogFindings      log findings (exceptions, leaks...) a repeat may have before it is invalid; unset =
     *                            findings other than fatal ones are warnings only
     */
    public record ThresholdSpec(Double maxErrorRate, Boolean requireStableWarmup, Double injectorSaturation,
                                Integer maxLogFindings) {

        public ThresholdSpec(Double maxErrorRate, Boolean requireStableWarmup, Double injectorSaturation) {
            this(maxErrorRate, requireStableWarmup, injectorSaturation, null);
        }
    }

    /**
     * A claim as written: the cells it compares (each a partial knob map, completed by {@code where}), the figure
     * (default {@code throughput_rps}), the relation ({@code dev.fluxlab.model.claim.Relation}), and its source.
     *
     * @param claim    the claim in words, e.g. {@code non-blocking >> blocking}
     * @param source   where it comes from, e.g. {@code 002_d04c1b3181923e70.txt}
     * @param quote    the source's figures as quoted, e.g. {@code "Get/10 cnx 45,202 -> 92,010 -> 123,405 req/s"}
     * @param figure   a {@code FigureName} (not a ratio)
     * @param where    knob values every compared cell has
     * @param cells    the compared cells, in the relation's order: knob values that select exactly one cell each
     * @param relation {@code >}, {@code >= Kx}, {@code ratio LO..HI} or {@code within P%}
     * @param claimed  the source's figures for the cells, in the same order (optional)
     */
    public record ClaimSpec(String claim, String source, String quote, String figure, Map<String, String> where,
                            List<Map<String, String>> cells, String relation, List<Double> claimed, NeedsSpec needs) {
    }

    /**
     * An A/B comparison decided cell by cell ({@code ab: {knob: reactor-netty-version, within: 3%}}): the knob's two
     * values are A (the first the suite lists) and B; every pair of cells identical but for it becomes a claim "A
     * against B the same within P %" ({@code within}, default 3%), decided by an interleaved trial: confirmed means
     * "the same within P %", contradicted "different by more than P %" (A / B says which way), inconclusive "not
     * decided in decide_max" with the interval.
     */
    public record AbSpec(String knob, String within) {
    }

    /**
     * What a claim's effect needs of the machine to show at all ({@code needs: {cores: 8}}): on a smaller machine the
     * claim is "not judgeable on this machine" rather than confirmed or contradicted by a machine that cannot show it.
     */
    public record NeedsSpec(Integer cores) {
    }

    /**
     * The machine a suite assumes.
     *
     * @param cores  logical CPUs
     * @param memory physical memory, e.g. {@code 16g}
     */
    public record AssumesSpec(Integer cores, String memory) {
    }
}
