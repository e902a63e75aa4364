package dev.fluxlab.model.inject;

import dev.fluxlab.model.Refusal;
import dev.fluxlab.model.http.WireProtocol;

import java.util.EnumSet;
import java.util.List;
import java.util.Optional;

import static dev.fluxlab.model.http.WireProtocol.H2;
import static dev.fluxlab.model.http.WireProtocol.H2C;
import static dev.fluxlab.model.http.WireProtocol.H3;
import static dev.fluxlab.model.http.WireProtocol.HTTP11;
import static dev.fluxlab.model.inject.Capability.ANY_METHOD;
import static dev.fluxlab.model.inject.Capability.CONNECTION_PER_REQUEST;
import static dev.fluxlab.model.inject.Capability.EXPECTED_STATUS;
import static dev.fluxlab.model.inject.Capability.JVM;
import static dev.fluxlab.model.inject.Capability.PIPELINING;
import static dev.fluxlab.model.inject.Capability.REQUEST_BATCHES;
import static dev.fluxlab.model.inject.Capability.REQUEST_COUNT;
import static dev.fluxlab.model.inject.Capability.SUITE_HOSTS;

/**
 * The load tools a suite may name, one declaration each, in the order refusals list them: the one table the suite's
 * checks, the runner's tool registry ({@code dev.fluxlab.runner.inject.LoadTools}, which binds each name to its tool
 * object and refuses to start when the two differ), priming and {@code fluxlab list} read. A new tool is one line here
 * (its traits) and one in the runner's registry, beside its tool class.
 */
public final class Injectors {

    /** fluxlab's own injector (module fluxlab-loadgen), the default: it can do everything the checks ask about. */
    public static final InjectorTraits FLUXLAB = new InjectorTraits("fluxlab", "fluxlab's injector",
            List.of(WireProtocol.values()), EnumSet.complementOf(EnumSet.of(ANY_METHOD, REQUEST_BATCHES)));
    /** wrk: HTTP/1.1 only, pipelined through a Lua script, by duration only; it checks no status but 2xx/3xx. */
    public static final InjectorTraits WRK = InjectorTraits.peer("wrk", List.of(HTTP11), PIPELINING, ANY_METHOD,
            SUITE_HOSTS);
    /** h2load (nghttp2): h2c, h2 over TLS and HTTP/1.1, GET and POST; not h3 (Debian's build has no QUIC). */
    public static final InjectorTraits H2LOAD = InjectorTraits.peer("h2load", List.of(HTTP11, H2C, H2), PIPELINING,
            REQUEST_COUNT, SUITE_HOSTS);
    /** ApacheBench: HTTP/1.0 on an HTTP/1.1 cell, one request in flight per connection, any method. */
    public static final InjectorTraits AB = InjectorTraits.peer("ab", List.of(HTTP11), CONNECTION_PER_REQUEST,
            REQUEST_COUNT, ANY_METHOD, SUITE_HOSTS);
    /** Gatling, a JVM of its own classpath: h2 over TLS and HTTP/1.1, GET and POST, counts in batches of in_flight. */
    public static final InjectorTraits GATLING = InjectorTraits.peer("gatling", List.of(HTTP11, H2), REQUEST_COUNT,
            REQUEST_BATCHES, EXPECTED_STATUS, JVM, SUITE_HOSTS);

    /**
     * oha (crates.io, built with its {@code http3} feature): the HTTP/3 peer, since Debian's h2load (nghttp2 1.52) is
     * built without QUIC; also HTTP/1.1 (no pipelining) and h2 over TLS; {@code in_flight} streams per connection.
     */
    public static final InjectorTraits OHA = InjectorTraits.peer("oha", List.of(HTTP11, H2, H3), REQUEST_COUNT,
            ANY_METHOD);

    /** Every tool, {@link #FLUXLAB} first. */
    public static final List<InjectorTraits> ALL = List.of(FLUXLAB, WRK, H2LOAD, AB, GATLING, OHA);

    private Injectors() {
    }

    /** The names a load profile may give, in {@link #ALL}'s order. */
    public static List<String> names() {
        return ALL.stream().map(InjectorTraits::name).toList();
    }

    /** The tool named {@code name}; empty for an unknown name (or null). */
    public static Optional<InjectorTraits> find(String name) {
        return ALL.stream().filter(t -> t.name().equals(name)).findFirst();
    }

    /**
     * The tool named {@code name}, {@link #FLUXLAB} for null (a profile that names none).
     *
     * @throws IllegalArgumentException for an unknown name, in the lab's one wording with the accepted names
     */
    public static InjectorTraits named(String name) {
        if (name == null) {
            return FLUXLAB;
        }
        return find(name).orElseThrow(() -> new IllegalArgumentException(refusal(name)));
    }

    /** {@code unknown injector '<name>'; accepted: fluxlab, wrk, ...}. */
    public static String refusal(String name) {
        return Refusal.unknown("injector", name, names());
    }

    /**
     * The names of the tools that have {@code c}, but {@code except}, as a person lists them: {@code a, b or c}
     * (for the fixes a refusal offers: "use fluxlab, h2load, ab or gatling").
     */
    public static String withCapability(Capability c, String except) {
        List<String> n = ALL.stream().filter(t -> t.can(c) && !t.name().equals(except)).map(InjectorTraits::name)
                .toList();
        return n.size() <= 1 ? String.join("", n)
                : String.join(", ", n.subList(0, n.size() - 1)) + " or " + n.getLast();
    }
}
