package dev.fluxlab.model.suite;

import dev.fluxlab.model.inject.InjectorTraits;
import dev.fluxlab.model.inject.Injectors;

import java.util.List;
import java.util.Map;

/**
 * One point of a suite's matrix: every knob fixed. Its {@code id} is built from the knobs only, so the same
 * cell gets the same id in every run of the suite (for {@code compare} and {@code --resume}).
 *
 * @param index    1-based position in the expansion
 * @param id       {@code target=reactor-netty,protocol=h2c,...}
 * @param knobs    knob name -> value in expansion order
 * @param target   the suite's target name
 * @param processes processes to start, in order
 * @param entry    name of the process that receives the load
 * @param scenarioName scenario name
 * @param scenario the request and its verification
 * @param load     the load level
 * @param labelKnobs knobs shown in {@link #label()}: the target and the knobs that vary across the suite
 */
public record Cell(
        int index,
        String id,
        Map<String, String> knobs,
        String target,
        List<CellProcess> processes,
        String entry,
        String scenarioName,
        SuiteSpec.ScenarioSpec scenario,
        CellLoad load,
        List<String> labelKnobs) {

    /** The name of fluxlab's own injector in a load profile's {@code injector}, and its default. */
    public static final String FLUXLAB_INJECTOR = Injectors.FLUXLAB.name();

    /**
     * What identifies this cell's target processes (targets, knobs, JVM options): cells with equal keys can run
     * against the same target JVMs ({@code fork: shared}).
     */
    public String targetsKey() {
        return processes.toString();
    }

    /**
     * A process with its knob values fixed; {@code target} is the registry entry that launches it, {@code cpus} the
     * CPU list the suite gives it (null: none; see {@code Suite.placement}), {@code host} the suite host it runs on
     * (null: the runner's machine). {@code aot}: the value of its {@code jvm.aot} knob in this cell (null: the suite
     * gives it none; {@code Suite.aot(CellProcess)} is what decides).
     */
    public record CellProcess(String name, String target, Map<String, String> knobs, String heap, String gc,
                              List<String> flags, String cpus, String host, Boolean aot) {

        /** A process whose suite does not vary {@code aot} (the suite's {@code aot} applies). */
        public CellProcess(String name, String target, Map<String, String> knobs, String heap, String gc,
                           List<String> flags, String cpus, String host) {
            this(name, target, knobs, heap, gc, flags, cpus, host, null);
        }

        /**
         * Why this process starts cold whatever the suite asks, or null when it can start from a trained AOT cache:
         * on a suite host (its classpath there is another than the one a cache here was trained on), or under ZGC (a
         * cache trained under another GC is refused for want of compressed oops, one trained under ZGC holds no linked
         * classes: both tried on JDK 25.0.3).
         */
        public String alwaysCold() {
            if (host != null) {
                return "a process on a suite host always starts cold (its classpath there is not the one a cache is "
                        + "trained on)";
            }
            if ("zgc".equalsIgnoreCase(gc)) {
                return "a ZGC JVM always starts cold (it refuses a cache trained under another GC, and one trained "
                        + "under ZGC holds no linked classes)";
            }
            return null;
        }
    }

    /**
     * A fixed load level; {@code rate} non-null means the open model. {@code injector} is the load tool
     * ({@code null} or {@code fluxlab}: fluxlab's own; another of {@link Injectors}: a peer tool).
     * {@code injectors} is the number of injector processes sharing the load (1 unless the profile says otherwise),
     * {@code cpus} their CPU lists as the suite gives them (empty: none; one: on every injector host; several: one
     * per host of {@code hosts}). {@code keepAlive} false: a new connection per request (null: the injector's
     * default, keep-alive). {@code requests}: a measured phase of that many requests (null: by duration);
     * {@code prime}: the priming load before the warm-up (null: none). {@code hosts}: the suite hosts the injectors
     * are spread over (empty: the runner's machine).
     */
    public record CellLoad(int connections, Integer inFlight, Integer rate, String protocol, Integer threads,
                           String timeout, String injector, int injectors, List<String> cpus, Boolean keepAlive,
                           Long requests, SuiteSpec.PrimeSpec prime, List<String> hosts) {

        public CellLoad {
            // copies that keep a null entry, so that the suite's checks can refuse it at its line
            cpus = cpus == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(cpus));
            hosts = hosts == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(hosts));
        }

        /** A load level measured by duration, without a priming step, on the runner's machine. */
        public CellLoad(int connections, Integer inFlight, Integer rate, String protocol, Integer threads,
                        String timeout, String injector, int injectors, String cpus, Boolean keepAlive) {
            this(connections, inFlight, rate, protocol, threads, timeout, injector, injectors,
                    cpus == null ? List.of() : List.of(cpus), keepAlive, null, null, List.of());
        }

        /** The injector's name, {@link Cell#FLUXLAB_INJECTOR} when the profile names none. */
        public String injectorName() {
            return injector == null ? FLUXLAB_INJECTOR : injector;
        }

        /** What the injector can do ({@link Injectors}); the suite's checks refused an unknown name already. */
        public InjectorTraits traits() {
            return Injectors.named(injector);
        }
    }

    /** The process the injector is pointed at. */
    public CellProcess entryProcess() {
        return processes.stream().filter(p -> p.name().equals(entry)).findFirst().orElseThrow();
    }

    /**
     * The values of the knobs that tell this cell apart, joined with spaces, e.g.
     * {@code reactor-netty h2c epoll plaintext c=64}, for progress lines and folder names.
     */
    public String label() {
        StringBuilder sb = new StringBuilder();
        knobs.forEach((k, v) -> {
            if (labelKnobs != null && !labelKnobs.contains(k)) {
                return;
            }
            if (!sb.isEmpty()) {
                sb.append(' ');
            }
            switch (k) {
                case "connections" -> sb.append("c=").append(v);
                case "in_flight" -> sb.append("m=").append(v);
                case "rate" -> sb.append("rate=").append(v);
                case "injector" -> sb.append("by-").append(v);
                default -> sb.append(v.matches("\\d+|true|false") ? k + "=" + v : v);
            }
        });
        return sb.toString();
    }
}
