package dev.fluxlab.runner.registry;

import dev.fluxlab.model.Refusal;
import dev.fluxlab.model.contract.LoadLimits;
import dev.fluxlab.model.contract.SocketBudget;
import dev.fluxlab.model.http.WireProtocol;
import dev.fluxlab.model.inject.Capability;
import dev.fluxlab.model.inject.Injectors;
import dev.fluxlab.model.placement.Shares;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Locations;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.model.suite.SuiteException;
import dev.fluxlab.model.suite.SuiteSpec.JvmSpec;
import dev.fluxlab.model.suite.SuiteSpec.LoadSection;
import dev.fluxlab.model.suite.SuiteSpec.ScenarioSpec;
import dev.fluxlab.model.suite.SuiteSpec.TargetSpec;
import dev.fluxlab.runner.inject.ExternalInjectors;
import dev.fluxlab.runner.inject.ExternalInjector;
import dev.fluxlab.runner.inject.LoadTool;
import dev.fluxlab.runner.inject.LoadTools;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The checks a suite needs the registry and the machine for: known targets, known knobs, accepted knob values,
 * transports and garbage collectors available here. The first problem is thrown as a located {@link SuiteException}.
 */
public final class SuiteValidator {

    private final TargetRegistry registry;
    private final Platform platform;

    public SuiteValidator(TargetRegistry registry, Platform platform) {
        this.registry = registry;
        this.platform = platform;
    }

    public void validate(Suite suite) {
        TargetRegistry withCommands = registry.withCommands(suite);
        if (withCommands != registry) { // the suite's own command targets are targets like the registry's
            new SuiteValidator(withCommands, platform).validate(suite);
            return;
        }
        CommandTargets.check(suite);
        checkStacks(suite);
        suite.spec().targets().forEach((name, spec) -> {
            String at = Locations.pointer("targets", name);
            if (spec.processes() == null) {
                checkProcess(suite, at, name, spec.target(), spec.knobs(), spec.jvm(), Map.of());
            } else {
                Map<String, java.util.SortedSet<String>> earlier = new java.util.LinkedHashMap<>();
                spec.processes().forEach((p, ps) -> {
                    checkProcess(suite, at + Locations.pointer("processes", p), p, ps.target(), ps.knobs(), ps.jvm(),
                            new java.util.LinkedHashMap<>(earlier));
                    // what its readiness line may carry, for the references of the processes after it
                    earlier.put(p, registry.target(ps.target() == null ? p : ps.target()).orElseThrow()
                            .readinessAttributes());
                });
            }
        });
        checkMeasureAuto(suite);
        checkPlacement(suite);
        checkHosts(suite);
        checkInjectors(suite);
        checkLoadProtocol(suite);
        new BackendProtocolCheck(registry, platform).check(suite);
        checkInjectorMethods(suite);
        checkKeepAlive(suite);
        checkRequestCounts(suite);
        checkHttp2Bodies(suite);
        checkSocketBudget(suite);
    }

    /**
     * Each connection is a file in the process that opens it, and a load past that process's limit ({@code ulimit -n})
     * fails at its first connections, after the cell's targets started: a cell whose load runs on this machine (no
     * {@code host} in its load profile) is checked here against a process of this machine ({@link SocketBudget}, the
     * injector's own check, with the limit an injector inherits from the runner and as many files open as a JVM of
     * fluxlab's). With several injectors each opens its share. An injector on a suite host has that host's limit,
     * known only there: it checks its own when it starts. A priming step always runs here, in one process, with all
     * its connections.
     */
    private void checkSocketBudget(Suite suite) {
        SocketBudget budget = platform.socketBudget();
        for (Cell cell : suite.cells()) {
            Cell.CellLoad load = cell.load();
            checkPrimeSockets(suite, cell, budget);
            int n = load.injectors();
            if (!load.hosts().isEmpty() || n < 1) {
                continue;
            }
            int each = Shares.of(load.connections(), n).getFirst(); // the largest share
            if (budget.fits(each)) {
                continue;
            }
            int c = load.connections();
            throw suite.error(connectionsPointer(suite, c), "cell " + cell.id() + ": 'connections' of " + c
                    + (n == 1 ? " needs as many open sockets in one injector process"
                    : " over " + n + " injectors needs " + each + " open sockets in each")
                    + ", and a process here " + budget.limit() + ": " + budget.fix("lower 'connections' to at most "
                    + budget.fitting() * n + (n == 1 ? "" : " (" + budget.fitting() + " per injector)"), each));
        }
    }

    private static void checkPrimeSockets(Suite suite, Cell cell, SocketBudget budget) {
        var prime = cell.load().prime();
        if (prime == null) {
            return;
        }
        int c = prime.connections() != null ? prime.connections() : cell.load().connections();
        if (budget.fits(c)) {
            return;
        }
        throw suite.error(primePointer(suite), "cell " + cell.id() + ": the priming step's " + c + " connections"
                + (prime.connections() != null ? "" : " (the cell's)") + " need as many open sockets in one process "
                + "here, and a process here " + budget.limit() + ": "
                + budget.fix("give the priming step at most " + budget.fitting() + " 'connections'", c));
    }

    /** Where the suite writes its first priming step; {@code /load} when not found. */
    private static String primePointer(Suite suite) {
        List<LoadSection> loads = suite.spec().load() == null ? List.of() : suite.spec().load();
        for (int i = 0; i < loads.size(); i++) {
            if (loads.get(i).prime() != null) {
                return suite.loadPointer(i) + "/prime";
            }
        }
        return "/load";
    }

    /** Where the suite gives {@code connections} in a load profile without hosts; {@code /load} when not found. */
    private static String connectionsPointer(Suite suite, int connections) {
        List<LoadSection> loads = suite.spec().load() == null ? List.of() : suite.spec().load();
        for (int i = 0; i < loads.size(); i++) {
            LoadSection l = loads.get(i);
            int j = l.connections() == null ? -1 : l.connections().indexOf(connections);
            if (j >= 0 && (l.host() == null || l.host().isEmpty())) {
                return suite.loadPointer(i) + "/connections/" + j;
            }
        }
        return "/load";
    }

    /**
     * fluxlab's injector sends a request body over HTTP/2 in one stream window ({@link LoadLimits#MAX_H2_BODY} bytes);
     * a larger {@code body} or {@code body_size} on an h2 or h2c cell is refused here, not by the injector after the
     * cell's targets started.
     */
    private void checkHttp2Bodies(Suite suite) {
        for (Cell cell : suite.cells()) {
            ScenarioSpec s = cell.scenario();
            long size = s.body() != null ? s.body().getBytes(java.nio.charset.StandardCharsets.UTF_8).length
                    : s.bodySize() != null ? s.bodySize() : 0;
            String protocol = protocol(cell);
            if (size <= LoadLimits.MAX_H2_BODY || protocol.equals(WireProtocol.HTTP11.label()) || selfLoading(cell)
                    || !cell.load().traits().can(Capability.H2_BODY_ONE_WINDOW)) {
                continue;
            }
            throw suite.error(Locations.pointer("scenarios", cell.scenarioName(), s.body() != null ? "body" : "body_size"),
                    "the body of scenario '" + cell.scenarioName() + "' has " + size + " bytes, more than the "
                            + LoadLimits.MAX_H2_BODY + " " + cell.load().traits().title() + " sends over " + protocol + " (one stream "
                            + "window; cell " + cell.id() + "); use a smaller body, HTTP/1.1, or leave such cells out "
                            + "with an 'exclude' rule");
        }
    }

    /**
     * {@code keep_alive: false} needs an injector that opens the connections (not a self-loading target) and an
     * HTTP/1.1 entry: the load profile's protocol is checked with the suite, the entry's {@code protocol} knob here.
     */
    private void checkKeepAlive(Suite suite) {
        for (Cell cell : suite.cells()) {
            if (!Boolean.FALSE.equals(cell.load().keepAlive())) {
                continue;
            }
            String protocol = cell.load().protocol() != null ? cell.load().protocol()
                    : effectiveKnob(cell, "protocol").orElse(null);
            String why = selfLoading(cell) ? "the self-loading target " + cell.entryProcess().target()
                    + " opens its own connections"
                    : WireProtocol.ofOrHttp11(protocol).http2() ? "its entry speaks " + protocol
                    + " (a connection per request is for HTTP/1.1 only)"
                    : cell.load().injectors() > 1 ? "several injectors' connect times cannot be merged (each "
                    + "reports summary figures only); use 'injectors: 1'" : null;
            if (why != null) {
                throw suite.error("/load", "cell " + cell.id() + ": 'keep_alive: false' cannot apply: " + why
                        + "; leave such cells out with an 'exclude' rule");
            }
        }
    }

    /** A priming step needs a target it can reach (not a self-loading one) and its tool installed. */
    private void checkPrime(Suite suite, Cell cell) {
        var prime = cell.load().prime();
        if (prime == null) {
            return;
        }
        if (selfLoading(cell)) {
            throw suite.error("/load", "cell " + cell.id() + ": a priming step loads the entry target, but the "
                    + "self-loading target " + cell.entryProcess().target() + " is a client; drop 'prime' there");
        }
        LoadTool tool = LoadTools.named(prime.injector());
        Optional<String> missing = tool.notInstalled(registry::hasClasspath);
        if (missing.isPresent()) {
            throw suite.error("/load", "the priming step: " + missing.get());
        }
        String method = cell.scenario().method() == null ? "GET" : cell.scenario().method();
        int inFlight = prime.inFlight() != null ? prime.inFlight()
                : cell.load().inFlight() == null ? 1 : cell.load().inFlight();
        Optional<String> problem = !tool.traits().can(Capability.REQUEST_COUNT)
                ? Optional.of("injector '" + tool.name() + "' has no request count")
                : tool.unsupported(protocol(cell), inFlight, method);
        if (problem.isPresent()) {
            throw suite.error("/load", "cell " + cell.id() + ": the priming step cannot run: " + problem.get()
                    + "; prime with " + Injectors.withCapability(Capability.REQUEST_COUNT, null) + " where they can");
        }
    }

    /**
     * A load profile's {@code protocol} must be one the entry serves (its {@code protocol} knob, or the registry's
     * default): h2 against an HTTP/1.1 server failed in the injector, after the targets had started, as "not an SSL/TLS
     * record". {@code http1.1+h2c} serves both cleartext protocols.
     */
    private void checkLoadProtocol(Suite suite) {
        List<LoadSection> loads = suite.spec().load() == null ? List.of() : suite.spec().load();
        for (Cell cell : suite.cells()) {
            String load = cell.load().protocol();
            Optional<String> served = effectiveKnob(cell, "protocol");
            if (load == null || served.isEmpty() || selfLoading(cell)
                    || List.of(served.get().split("\\+")).contains(load)) {
                continue;
            }
            String at = "/load";
            for (int i = 0; i < loads.size(); i++) {
                if (load.equals(loads.get(i).protocol())) {
                    at = "/load/" + i + "/protocol";
                    break;
                }
            }
            throw suite.error(at, "cell " + cell.id() + ": the load speaks " + load + " but its entry process '"
                    + cell.entryProcess().name() + "' serves " + served.get() + " (its 'protocol' knob); make them "
                    + "agree, or leave such cells out with an 'exclude' rule");
        }
    }

    /**
     * The protocol a cell's load speaks: the profile's, else the entry's effective {@code protocol} knob (as written,
     * else the registry's default) when it is a wire, else HTTP/1.1 ({@link WireProtocol#ofOrHttp11}).
     */
    private String protocol(Cell cell) {
        return cell.load().protocol() != null ? cell.load().protocol()
                : WireProtocol.ofOrHttp11(effectiveKnob(cell, "protocol").orElse(null)).label();
    }

    /**
     * {@code requests:} (a fixed request count per measured phase) needs a load tool that counts requests
     * ({@link Capability#REQUEST_COUNT}: fluxlab's injector {@code --requests}, h2load and ab {@code -n}, Gatling),
     * in batches of {@code in_flight} where the tool shares the count out so ({@link Capability#REQUEST_BATCHES}:
     * Gatling's users); wrk and self-loading targets load for a duration only.
     */
    private void checkRequestCounts(Suite suite) {
        List<LoadSection> loads = suite.spec().load() == null ? List.of() : suite.spec().load();
        for (Cell cell : suite.cells()) {
            checkPrime(suite, cell);
            Long n = cell.load().requests();
            if (n == null) {
                continue;
            }
            int i = loads.indexOf(loads.stream().filter(l -> n.equals(l.requests())).findFirst().orElse(null));
            String at = i < 0 ? "/load" : "/load/" + i + "/requests";
            String tool = cell.load().injectorName();
            boolean batches = cell.load().traits().can(Capability.REQUEST_BATCHES);
            int inFlight = cell.load().inFlight() == null ? 1 : cell.load().inFlight();
            String why = null;
            if (selfLoading(cell)) {
                why = "the self-loading target " + cell.entryProcess().target() + " loads for a duration only";
            } else if (!cell.load().traits().can(Capability.REQUEST_COUNT)) {
                why = "injector '" + tool + "' has no request count (it loads for a duration only)";
            } else if (batches && n % inFlight != 0) {
                why = "the users of " + tool + " send batches of in_flight (" + inFlight + ") requests, so 'requests' "
                        + "must be a multiple of it, not " + n;
            }
            if (why != null) {
                String fix = (batches ? "make 'requests' a multiple of in_flight, " : "") + "use "
                        + Injectors.withCapability(Capability.REQUEST_COUNT, tool);
                throw suite.error(at, "cell " + cell.id() + ": 'requests: " + n + "' cannot be run: " + why + "; "
                        + fix + ", or 'measure' with a duration, or leave such cells out with an 'exclude' rule");
            }
        }
    }

    /**
     * {@code measure: auto} is decided by fluxlab's own injector ({@code --precision}); a peer tool or a self-loading
     * target would measure a fixed length and drop the precision without a word. Refused here, before anything starts.
     */
    private void checkMeasureAuto(Suite suite) {
        if (!suite.measureAuto()) {
            return;
        }
        for (Cell cell : suite.cells()) {
            boolean selfLoading = selfLoading(cell);
            if (selfLoading || !cell.load().traits().can(Capability.PRECISION)) {
                throw suite.error("/measure", "'measure: auto' needs fluxlab's own injector, which measures until the "
                        + "precision is reached; cell " + cell.id() + " is loaded by " + (selfLoading
                        ? "the self-loading target " + cell.entryProcess().target() : cell.load().injectorName())
                        + ", which measures a fixed length: give 'measure' a duration, or leave such cells out with an "
                        + "'exclude' rule");
            }
        }
    }

    /**
     * Every cell's placement fits this machine (its CPUs exist; under {@code exclusive} no two roles share one), and
     * several injectors load only targets that are not self-loading (those load themselves, with one process).
     */
    private void checkPlacement(Suite suite) {
        var online = platform.onlineCpus();
        for (Cell cell : suite.cells()) {
            if (suite.placement(cell, online).pinned() && ExternalInjectors.locate("taskset").isEmpty()) {
                throw suite.error("/placement", "cell " + cell.id() + " places processes on CPUs, which fluxlab does "
                        + "with taskset, and taskset is not on the PATH: install Debian's util-linux package");
            }
            boolean selfLoading = selfLoading(cell);
            if (selfLoading && cell.load().injectors() > 1) {
                throw suite.error("/load", "cell " + cell.id() + ": the self-loading target "
                        + cell.entryProcess().target() + " drives its own load in one process, so 'injectors' cannot "
                        + "split it; use 'injectors: 1' for it, or leave such cells out with an 'exclude' rule");
            }
        }
    }

    /**
     * A tool without {@link Capability#ANY_METHOD} (fluxlab's own injector) sends GET and POST only: a scenario with
     * another method needs a peer tool that sends any (wrk and ab) or a self-loading target, or those cells excluded.
     * Refused here rather than in every cell's injector after its targets started.
     */
    private void checkInjectorMethods(Suite suite) {
        for (Cell cell : suite.cells()) {
            String method = cell.scenario().method();
            boolean selfLoading = selfLoading(cell);
            if (method == null || ScenarioSpec.INJECTOR_METHODS.contains(method) || selfLoading
                    || cell.load().traits().can(Capability.ANY_METHOD)) {
                continue;
            }
            List<String> any = LoadTools.all().stream().filter(t -> t.traits().can(Capability.ANY_METHOD))
                    .map(t -> "'injector: " + t.name() + "'").toList();
            throw suite.error(Locations.pointer("scenarios", cell.scenarioName(), "method"), "method '" + method
                    + "' of scenario '" + cell.scenarioName() + "' cannot be sent by " + cell.load().traits().title()
                    + ", which sends " + String.join(" and ", ScenarioSpec.INJECTOR_METHODS) + " only (cell "
                    + cell.id() + "); name a peer tool that sends it in the load profile (" + String.join(" or ", any)
                    + "), or leave such cells out with an 'exclude' rule");
        }
    }

    /**
     * Peer tools: installed here (else the Debian package to install, or the module to build), and able to run each cell
     * they are given (wrk speaks HTTP/1.1 only, ab cannot pipeline...); only a tool with
     * {@link Capability#EXPECTED_STATUS} verifies a status outside 2xx.
     */
    private void checkInjectors(Suite suite) {
        List<LoadSection> loads = suite.spec().load() == null ? List.of() : suite.spec().load();
        for (Cell cell : suite.cells()) {
            LoadTool tool = LoadTools.named(cell.load().injector());
            String name = tool.name();
            String at = "/load";
            for (int i = 0; i < loads.size(); i++) {
                List<String> inj = loads.get(i).injector();
                if (inj != null && inj.contains(name)) {
                    at = "/load/" + i + "/injector/" + inj.indexOf(name);
                    break;
                }
            }
            // a native tool on a suite host is looked for there, before any cell (host.HostTools), not here
            boolean elsewhere = tool instanceof ExternalInjector && !cell.load().hosts().isEmpty();
            Optional<String> missing = elsewhere ? Optional.empty() : tool.notInstalled(registry::hasClasspath);
            if (missing.isPresent()) {
                throw suite.error(at, missing.get());
            }
            String protocol = protocol(cell);
            String method = cell.scenario().method() == null ? "GET" : cell.scenario().method();
            int inFlight = cell.load().inFlight() == null ? 1 : cell.load().inFlight();
            Optional<String> problem = tool.unsupported(protocol, inFlight, method);
            if (problem.isPresent()) {
                throw suite.error(at, "cell " + cell.id() + ": " + problem.get()
                        + "; leave such cells out with an 'exclude' rule");
            }
            Integer status = cell.scenario().expect() == null ? null : cell.scenario().expect().status();
            if (!tool.traits().can(Capability.EXPECTED_STATUS) && status != null && (status < 200 || status > 299)) {
                // the tools count 2xx as answered (wrk and h2load 3xx too) and anything else as an error
                throw suite.error(Locations.pointer("scenarios", cell.scenarioName(), "expect", "status"),
                        "cell " + cell.id() + ": injector '" + name + "' counts only 2xx responses as answered, so "
                                + "'expect: {status: " + status + "}' cannot be verified by it; use "
                                + Injectors.withCapability(Capability.EXPECTED_STATUS, null) + " for this scenario, or "
                                + "leave such cells out with an 'exclude' rule");
            }
        }
    }

    /**
     * What runs on a suite host (docs/hosts.md): every registry target (one with a classpath of its own gets it
     * shipped, a self-loading one brings its load document back), fluxlab's injector, and the tools whose traits say
     * {@link Capability#SUITE_HOSTS} (wrk, h2load, ab, found there before any cell; Gatling, its classpath shipped).
     * Any other tool placed on a host is refused.
     */
    private void checkHosts(Suite suite) {
        for (Cell cell : suite.cells()) {
            if (!cell.load().hosts().isEmpty() && !cell.load().traits().can(Capability.SUITE_HOSTS)) {
                throw suite.error("/load", "cell " + cell.id() + ": injector '" + cell.load().injectorName()
                        + "' does not run on a suite host: use " + Injectors.withCapability(Capability.SUITE_HOSTS, null)
                        + " there, remove the load profile's 'host', or leave such cells out with an 'exclude' rule");
            }
        }
    }

    /**
     * A stack knob's value that runs from a classpath of its own ({@link StackDef}, e.g. Reactor Netty 1.2.18): every
     * cell's other knobs take only values that stack offers (Netty 4.1 has no io_uring), and its classpath is built.
     * Checked per cell, so a suite crossing two stacks leaves the cells one of them cannot run to an {@code exclude}.
     * Values the knobs do not accept at all are left to the knob checks.
     */
    private void checkStacks(Suite suite) {
        for (Cell cell : suite.cells()) {
            for (Cell.CellProcess p : cell.processes()) {
                LaunchDef def = registry.target(p.target()).orElse(null);
                LaunchDef.Stack stack = def == null ? null : def.stack(p.knobs()).orElse(null);
                if (stack == null) {
                    continue;
                }
                StackDef sd = stack.def();
                String runs = stack.knob() + " " + stack.value() + " (" + sd.label() + ")";
                for (String knob : sd.offers() == null ? List.<String>of() : sd.offers().keySet()) {
                    KnobDef kd = def.knobsOrEmpty().get(knob);
                    String v = p.knobs().containsKey(knob) ? p.knobs().get(knob)
                            : kd == null ? null : kd.literalDefault().orElse(null);
                    if (v == null || sd.offered(knob).contains(v) || (kd != null && kd.problem(knob, v).isPresent())) {
                        continue;
                    }
                    throw suite.error(knobPointer(suite, cell, p, p.knobs().containsKey(knob) ? knob : stack.knob()),
                            "cell " + cell.id() + ": " + knob + " '" + v + "' cannot run on " + runs + ": " + sd.why()
                                    + "; it offers " + knob + " " + String.join(", ", sd.offered(knob)) + ": use one of "
                                    + "them, or leave such cells out with an 'exclude' rule");
                }
                String built = sd.classpath().get(0);
                if (!registry.hasClasspath(built)) {
                    throw suite.error(knobPointer(suite, cell, p, stack.knob()), runs + " runs from module "
                            + sd.module() + "'s own classpath, which is not built (" + built + " is missing); build it "
                            + "with ./mvnw -B -q -DskipTests package (./fluxlab does when the build is stale)");
                }
            }
        }
    }

    /** Where the suite gives process {@code p} of {@code cell} its value of {@code knob} (the target's key else). */
    public static String knobPointer(Suite suite, Cell cell, Cell.CellProcess p, String knob) {
        TargetSpec ts = suite.spec().targets().get(cell.target());
        String at = Locations.pointer("targets", cell.target());
        Map<String, List<String>> knobs = ts == null ? null : ts.knobs();
        if (ts != null && ts.processes() != null && ts.processes().containsKey(p.name())) {
            at += Locations.pointer("processes", p.name());
            knobs = ts.processes().get(p.name()).knobs();
        }
        if (knobs != null) {
            for (var e : knobs.entrySet()) {
                if (Suite.knobName(e.getKey()).equals(knob)) {
                    int i = e.getValue().indexOf(p.knobs().get(knob));
                    return at + Locations.pointer("knobs", e.getKey()) + (i < 0 ? "" : "/" + i);
                }
            }
        }
        return at;
    }

    private boolean selfLoading(Cell cell) {
        return registry.target(cell.entryProcess().target()).map(LaunchDef::isSelfLoading).orElse(false);
    }

    /**
     * The value the entry process of {@code cell} runs {@code knob} with: the suite's, else the registry's literal
     * default (the frontend speaks h2 unless told otherwise), so a cell is judged by what will really run.
     */
    private Optional<String> effectiveKnob(Cell cell, String knob) {
        String given = cell.entryProcess().knobs().get(knob);
        if (given != null) {
            return Optional.of(given);
        }
        return registry.target(cell.entryProcess().target())
                .map(def -> def.knobsOrEmpty().get(knob))
                .flatMap(KnobDef::literalDefault);
    }

    /**
     * One process's target, knobs ({@code earlier}: the processes its chain starts before it, in order, with the
     * attributes each one's readiness line may carry) and JVM.
     */
    private void checkProcess(Suite suite, String at, String name, String target, Map<String, List<String>> knobs,
                              JvmSpec jvm, Map<String, ? extends java.util.Collection<String>> earlier) {
        String registryName = target == null ? name : target;
        LaunchDef def = registry.target(registryName).orElseThrow(() -> suite.error(
                target == null ? at : at + "/target",
                Refusal.unknown("target", registryName, registry.targetNames(),
                        target == null ? "name the kind with 'target:' when the key is your own name" : null)));
        if (knobs != null) {
            for (var e : knobs.entrySet()) {
                String knob = Suite.knobName(e.getKey());
                String kat = at + Locations.pointer("knobs", e.getKey());
                KnobDef kd = def.knobsOrEmpty().get(knob);
                if (kd == null) {
                    throw suite.error(kat, "target '" + registryName + "': "
                            + Refusal.unknown("knob", e.getKey(), def.knobsOrEmpty().keySet()) + buildsElsewhere(knob));
                }
                List<String> values = e.getValue();
                for (int i = 0; i < values.size(); i++) {
                    String v = values.get(i);
                    String vat = kat + "/" + i;
                    if (Placeholders.present(v)) {
                        // filled in from an earlier process at run time: the reference now, the knob's rules on a sample
                        Optional<String> ref = Placeholders.problem(v, earlier);
                        if (ref.isPresent()) {
                            throw suite.error(vat, "knob '" + knob + "': " + ref.get());
                        }
                        Optional<String> sample = Placeholders.sample(v);
                        Optional<String> problem = sample.flatMap(x -> kd.problem(knob, x));
                        if (problem.isPresent()) {
                            throw suite.error(vat, problem.get().replace(sample.get(), v));
                        }
                        continue;
                    }
                    Optional<String> problem = kd.problem(knob, v);
                    if (problem.isPresent()) {
                        throw suite.error(vat, problem.get());
                    }
                    if ("transport".equals(kd.check())) {
                        Optional<String> p = platform.transportProblem(v);
                        if (p.isPresent()) {
                            throw suite.error(vat, "transport '" + v + "' cannot run here: " + p.get());
                        }
                    }
                }
            }
        }
        if (jvm != null && jvm.gc() != null) {
            for (int i = 0; i < jvm.gc().size(); i++) {
                String gc = jvm.gc().get(i);
                String gat = at + "/jvm/gc/" + i;
                Optional<String> unknown = Platform.unknownGc(gc);
                if (unknown.isPresent()) {
                    throw suite.error(gat, unknown.get());
                }
                Optional<String> p = platform.gcProblem(gc);
                if (p.isPresent()) {
                    throw suite.error(gat, p.get());
                }
            }
        }
        if (jvm != null && jvm.flags() != null && !jvm.flags().isEmpty()
                && jvm.flags().stream().noneMatch(Placeholders::present)) {
            Optional<String> p = platform.jvmFlagsProblem(jvm.flags());
            if (p.isPresent()) {
                throw suite.error(at + "/jvm/flags", p.get() + "; correct or remove the flag");
            }
        }
    }

    /**
     * For a version knob (registry {@code resolve:}) given to a target that has none: which targets take a build of
     * the libraries, so the refusal says the build is not refused as a version but as this target's knob.
     */
    private String buildsElsewhere(String knob) {
        List<String> takers = registry.targetNames().stream().filter(t -> {
            KnobDef kd = registry.target(t).orElseThrow().knobsOrEmpty().get(knob);
            return kd != null && kd.resolve() != null;
        }).toList();
        return takers.isEmpty() ? "" : "; a build of the libraries (" + knob + ") runs under " + String.join(", ", takers)
                + " only, not this target yet (docs/suites.md, \"Your own build of the libraries\")";
    }

    /** Convenience: parse, check structure, check against the registry. */
    public static Suite load(java.nio.file.Path file, TargetRegistry registry, Platform platform) throws SuiteException {
        Suite s = Suite.load(file);
        new SuiteValidator(registry, platform).validate(s);
        return s;
    }
}
