package dev.fluxlab.targets.reactor.fanout;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.contract.ThreadsSeen;
import java.time.Duration;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.IntFunction;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Seed 003's four strategies over whatever client fetches a component: fetch {@code components} components, handle
 * each (a CPU cost: microseconds of wall time, and/or a share of a calibrated CPU time per request, {@link CpuBudget})
 * and assemble one JSON document; the ParallelFlux strategies add how many rails ran, empty ones included. The plain
 * Reactor Netty service ({@link FanOutServer}, HttpClient) and the Spring WebFlux one ({@code webflux-fan-out},
 * WebClient) both run these very operators, so their rows differ only in the framework around them.
 *
 * <p>It also keeps seed 003's evidence, which threads ran what ({@link ThreadsSeen}): the thread each request arrived
 * on and the thread each component was handled on, counted per strategy and thread-name pattern and served on
 * {@link #STATS_PATH}, which the readiness line announces.
 */
public final class FanOutHandler {

    /** Path of the stats document ({@link #statsJson()}), announced on the readiness line as {@code stats=/stats}. */
    public static final String STATS_PATH = "/stats";

    private final IntFunction<Mono<String>> fetchOne;
    private final FanOutServer.Config config;
    private final CpuBudget budget;
    private final long roundsPerComponent;
    private final ThreadTally tally = new ThreadTally();
    /** Per strategy, the component handling that counts its thread (built once: no lambda per request). */
    private final Map<Strategy, Function<String, String>> handlers = new EnumMap<>(Strategy.class);

    /**
     * A handler fetching with {@code fetchOne} (component id to its JSON); calibrates the request CPU cost now.
     *
     * @throws IllegalStateException when a request CPU cost is asked for and this JVM cannot measure thread CPU time
     */
    public FanOutHandler(IntFunction<Mono<String>> fetchOne, FanOutServer.Config config) {
        this.fetchOne = fetchOne;
        this.config = config;
        this.budget = CpuBudget.calibrate(config.requestCpu());
        this.roundsPerComponent = budget.iterationsPerPart(config.components());
        for (Strategy s : Strategy.values()) {
            handlers.put(s, component -> handleOne(s, component));
        }
    }

    /** The knobs it runs with. */
    public FanOutServer.Config config() {
        return config;
    }

    private Flux<String> fetch() {
        return Flux.range(0, config.components()).flatMap(fetchOne::apply);
    }

    /** One handled component: the fetched JSON wrapped with the work's result and the handling thread (counted). */
    private String handleOne(Strategy s, String component) {
        tally.component(s);
        long r = CpuWork.rounds(roundsPerComponent, CpuWork.spin(config.workUs(), component.hashCode()));
        return "{\"component\":" + component + ",\"work\":" + (r & 0xffff) + ",\"thread\":\""
                + Thread.currentThread().getName() + "\"}";
    }

    private static String assemble(Strategy s, List<String> handled) {
        return "{\"strategy\":\"" + s.label() + "\",\"components\":[" + String.join(",", handled) + "]}";
    }

    /** As {@link #assemble(Strategy, List)}, with the number of rails that ran (empty ones included). */
    private static String assemble(Strategy s, List<String> handled, AtomicInteger railsRun) {
        return "{\"strategy\":\"" + s.label() + "\",\"rails\":" + railsRun.get() + ",\"components\":["
                + String.join(",", handled) + "]}";
    }

    /** {@code .parallel(rails).runOn(Schedulers.parallel())}, each rail's completion counted. */
    private Mono<String> onRails(Strategy s, int rails) {
        return Mono.defer(() -> {
            AtomicInteger railsRun = new AtomicInteger();
            return fetch().parallel(rails).runOn(Schedulers.parallel()).map(handlers.get(s))
                    .doOnComplete(railsRun::incrementAndGet)
                    .sequential().collectList().map(l -> assemble(s, l, railsRun));
        });
    }

    /** One request's document with strategy {@code s}. */
    public Mono<String> handle(Strategy s) {
        tally.request(s);
        Function<String, String> handleOne = handlers.get(s);
        return switch (s) {
            case PARALLEL -> onRails(s, config.rails());
            case PARALLEL_N -> onRails(s, config.components());
            case MONO -> fetch().collectList().map(l -> assemble(s, l.stream().map(handleOne).toList()));
            case SUBSCRIBE_ON -> fetch().collectList()
                    .map(l -> assemble(s, l.stream().map(handleOne).toList()))
                    .subscribeOn(Schedulers.parallel());
        };
    }

    /**
     * One fan-out per strategy before the readiness line: the first calls load and link the client, pool and
     * operator code (over a second on a busy 2-core machine), which would otherwise land in the injector's first
     * seconds as a burst of hundreds of cold requests. A failure here (mock API not up yet) is only a warning.
     */
    public void prime(String name) {
        for (Strategy s : Strategy.values()) {
            try {
                handle(s).block(Duration.ofSeconds(30));
            } catch (RuntimeException e) {
                System.err.println(name + ": warning: priming with " + s + " failed: " + e);
                break;
            }
        }
        tally.reset();
    }

    /**
     * The threads seen so far (since priming), per strategy and role ({@link ThreadsSeen}). Call {@link #handle} on
     * the thread that received the request: that thread is what it counts as the request's.
     */
    public ThreadsSeen threadsSeen() {
        return tally.snapshot();
    }

    /** The document served on {@link #STATS_PATH}: {@code {"threads_seen": {...}}}. */
    public byte[] statsJson() {
        return Json.write(threadsSeen().document()).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    /**
     * The fan-out's part of the readiness line; {@code wait-ms} (the mock API's delay, when told) lets the theory
     * column state the floor (a request takes at least the delay) and the ceiling (users / delay) of every cell.
     */
    public Map<String, Object> readinessAttributes() {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put(Readiness.STRATEGY, config.strategy().label());
        a.put(Readiness.COMPONENTS, config.components());
        a.put(Readiness.RAILS, config.rails());
        a.put(Readiness.WORK_US, config.workUs());
        a.put(Readiness.STATS, STATS_PATH);
        if (budget.iterations() > 0) {
            a.put(Readiness.REQUEST_CPU_US, budget.perRequest().toNanos() / 1000);
            a.put(Readiness.CPU_ROUNDS, budget.iterations());
            a.put(Readiness.CPU_ROUNDS_PER_MS, Math.round(budget.roundsPerMs()));
        }
        if (config.expectedDelay() != null) {
            a.put(Readiness.WAIT_MS, config.expectedDelay().toMillis());
        }
        return a;
    }
}
