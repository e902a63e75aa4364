package dev.fluxlab.runner.registry;

import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A process that reaches a backend by its {@code backend-url} and {@code backend-protocol} knobs (the proxy frontend,
 * the HttpClient loader): the combinations its start refuses, or that no request survives, refused before the run.
 * In a chain the backend starts first, so each of these had started the backend, then failed the cell with the
 * client's one line (a scheme contradicting the protocol, h3 on io_uring) or with every request failing (a wire the
 * backend does not serve). The processes keep their own refusals for {@code fluxlab serve}; this is the suite's check
 * of the same rules, per cell, at the knob's line. The io_uring rule holds for a process with a {@code transport}
 * knob (the frontend); one without (the loader) takes epoll for h3 itself.
 */
final class BackendProtocolCheck {

    static final String BACKEND_PROTOCOL = "backend-protocol";
    static final String BACKEND_URL = "backend-url";
    /** The one wire to a backend that is not over TLS: the others (h2, h3) need an {@code https} URL. */
    private static final String CLEARTEXT = "h2c";
    private static final String H3 = "h3";
    private static final String TRANSPORT = "transport";
    private static final Pattern PORT_OF = Pattern.compile("\\$\\{([^}]+)\\.port}");

    private final TargetRegistry registry;
    private final Platform platform;

    BackendProtocolCheck(TargetRegistry registry, Platform platform) {
        this.registry = registry;
        this.platform = platform;
    }

    void check(Suite suite) {
        for (Cell cell : suite.cells()) {
            Map<String, Cell.CellProcess> earlier = new LinkedHashMap<>();
            for (Cell.CellProcess p : cell.processes()) {
                LaunchDef def = registry.target(p.target()).orElse(null);
                String url = p.knobs().get(BACKEND_URL);
                if (def != null && def.knobsOrEmpty().containsKey(BACKEND_PROTOCOL) && url != null) {
                    String protocol = p.knobs().get(BACKEND_PROTOCOL);
                    Optional<String> problem = problem(p, def.knobsOrEmpty().containsKey(TRANSPORT), protocol, url,
                            earlier);
                    if (problem.isPresent()) {
                        throw suite.error(SuiteValidator.knobPointer(suite, cell, p, protocol != null
                                ? BACKEND_PROTOCOL : BACKEND_URL), "cell " + cell.id() + ": " + problem.get());
                    }
                }
                earlier.put(p.name(), p);
            }
        }
    }

    private Optional<String> problem(Cell.CellProcess p, boolean hasTransport, String protocol, String url,
                                     Map<String, Cell.CellProcess> earlier) {
        String scheme = url.contains("://") ? url.substring(0, url.indexOf("://")) : "";
        String wire = protocol != null ? protocol : scheme.equals("https") ? "h2" : CLEARTEXT;
        if (protocol != null) {
            String wants = protocol.equals(CLEARTEXT) ? "http" : "https";
            if (!scheme.equals(wants)) {
                return Optional.of("'" + BACKEND_PROTOCOL + ": " + protocol + "' of '" + p.name() + "' goes "
                        + (wants.equals("https") ? "over TLS" : "in cleartext") + ", so its '" + BACKEND_URL
                        + "' is an " + wants + ":// URL, not " + url + "; write " + wants + "://... or choose "
                        + "another " + BACKEND_PROTOCOL);
            }
        }
        if (H3.equals(wire) && p.host() == null && hasTransport) {
            String transport = p.knobs().getOrDefault(TRANSPORT, "native");
            boolean uring = transport.equals("io_uring")
                    || transport.equals("native") && platform.transportProblem("io_uring").isEmpty();
            if (uring) {
                return Optional.of("'" + BACKEND_PROTOCOL + ": h3' of '" + p.name() + "' does not work on io_uring ("
                        + (transport.equals("io_uring") ? "transport io_uring" : "transport native picks io_uring "
                        + "on this machine") + "): Reactor Netty's HTTP/3 client opens its QUIC connection there "
                        + "and never gets an answer; give '" + p.name() + "' transport: epoll (or nio)");
            }
        }
        Matcher m = PORT_OF.matcher(url);
        if (m.find() && earlier.containsKey(m.group(1))) {
            Cell.CellProcess back = earlier.get(m.group(1));
            String served = served(back);
            boolean backH3 = H3.equals(served);
            if (H3.equals(wire) && !backH3) {
                return Optional.of("'" + BACKEND_PROTOCOL + ": h3' of '" + p.name() + "' needs a backend serving "
                        + "HTTP/3 on its UDP port, and '" + back.name() + "' serves " + (served == null ? "no h3"
                        : served) + "; give '" + back.name() + "' protocol: h3, or choose " + BACKEND_PROTOCOL
                        + " h2 or h2c");
            }
            if (!H3.equals(wire) && backH3) {
                return Optional.of("'" + back.name() + "' serves h3 (QUIC, on a UDP port), which '" + p.name()
                        + "' reaches only with '" + BACKEND_PROTOCOL + ": h3'" + (protocol == null ? " (without it "
                        + "the URL's scheme chooses " + wire + ")" : ", not " + protocol) + "; add '"
                        + BACKEND_PROTOCOL + ": h3', or give '" + back.name() + "' another protocol");
            }
        }
        return Optional.empty();
    }

    /** The protocol {@code back} serves: its {@code protocol} knob, else its registry default; null when unknown. */
    private String served(Cell.CellProcess back) {
        String given = back.knobs().get("protocol");
        if (given != null) {
            return given;
        }
        return registry.target(back.target()).map(d -> d.knobsOrEmpty().get("protocol"))
                .flatMap(KnobDef::literalDefault).orElse(null);
    }
}
