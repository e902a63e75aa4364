package dev.fluxlab.model.inject;

/**
 * One thing a load tool can do (or, for {@link #H2_BODY_ONE_WINDOW}, a bound it has) that a suite's checks ask about.
 * A tool's {@link InjectorTraits} lists the ones it has; what it lacks is refused at validation, before any process
 * starts, in the check that owns the setting.
 */
public enum Capability {

    /** An open-model load ({@code rate}): requests sent on a schedule, not when a connection is free. */
    OPEN_MODEL("open model (rate)"),
    /** HTTP/1.1 pipelining: {@code in_flight} above 1 on an HTTP/1.1 connection. */
    PIPELINING("HTTP/1.1 pipelining"),
    /** {@code keep_alive: false}: a new connection for every request. */
    CONNECTION_PER_REQUEST("a connection per request (keep_alive: false)"),
    /** {@code requests: N} and {@code prime:}: a phase of a fixed number of requests instead of a duration. */
    REQUEST_COUNT("a fixed request count (requests, prime)"),
    /** The request count is shared out in batches of {@code in_flight}, so it must be a multiple of it. */
    REQUEST_BATCHES("request counts in batches of in_flight"),
    /** Any scenario method; without it, GET and POST only. */
    ANY_METHOD("any method"),
    /** Verifies the scenario's expected status, also one outside 2xx; without it only 2xx counts as answered. */
    EXPECTED_STATUS("any expected status"),
    /** Several injector processes on one cell ({@code injectors: N}), their histograms merged exactly. */
    SEVERAL_INJECTORS("several injectors (injectors: N)"),
    /** Runs on a suite host, started over SSH ({@code load: host:}). */
    SUITE_HOSTS("suite hosts (host:)"),
    /** Measures until a precision is reached ({@code measure: auto}). */
    PRECISION("measure: auto"),
    /** Runs loads as jobs of one JVM kept for a group (fork: shared, decided claims' trials). */
    SESSIONS("jobs of a kept JVM (sessions)"),
    /** Sends an HTTP/2 request body in one stream window only (LoadLimits.MAX_H2_BODY bytes). */
    H2_BODY_ONE_WINDOW("HTTP/2 bodies up to one stream window"),
    /** A JVM: a profiled repeat could profile it. */
    JVM("a JVM"),
    /** A profiled repeat profiles it with the targets. */
    PROFILED("profiled with the targets");

    private final String label;

    Capability(String label) {
        this.label = label;
    }

    /** How {@code fluxlab list} names it. */
    public String label() {
        return label;
    }
}
