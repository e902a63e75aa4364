package dev.fluxlab.runner.inject;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxlab.model.Labelled;
import dev.fluxlab.model.http.WireProtocol;
import dev.fluxlab.model.inject.InjectorTraits;
import dev.fluxlab.model.inject.Injectors;
import dev.fluxlab.model.load.LatencySummary;
import dev.fluxlab.model.load.LoadResult;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * oha (crates.io, built with its {@code http3} feature; Debian ships none): the lab's HTTP/3 peer, as Debian's h2load
 * (nghttp2 1.52) is built without QUIC. A closed load of {@code -c} connections x {@code -p} streams each
 * ({@code in_flight}; HTTP/2 and HTTP/3 only), for {@code -z} seconds or {@code -n} requests, waiting for the requests
 * in flight at the deadline ({@code -w}) so none is counted as aborted; {@code --insecure} accepts the lab's
 * self-signed certificate, {@code --http-version} picks the wire (3: QUIC, ALPN h3; 2: TLS, ALPN h2). Its JSON summary
 * ({@code --output-format json}) gives the duration, latency percentiles (seconds), status counts and error
 * messages: 2xx responses count as verified, other statuses are {@code status} errors, transport and protocol failures
 * {@code errored}. It verifies no response body.
 */
public final class OhaInjector implements ExternalInjector {

    /** The release test.sh builds, and the feature that gives it HTTP/3. */
    static final String INSTALL = "cargo install oha --version 1.16.0 --features http3 --locked";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The per-request timeout when the suite gives none: the lab's default (docs/suites.md, {@code timeout}). */
    static final java.time.Duration DEFAULT_TIMEOUT = java.time.Duration.ofSeconds(10);

    @Override
    public InjectorTraits traits() {
        return Injectors.OHA;
    }

    @Override
    public String executable() {
        return "oha";
    }

    /** None: Debian ships no oha. */
    @Override
    public String debianPackage() {
        return null;
    }

    @Override
    public String install() {
        return "it from crates.io with its HTTP/3 feature: '" + INSTALL + " --root /usr/local' (scripts/test.sh does "
                + "so when cargo is there; a build takes many minutes)";
    }

    @Override
    public Optional<String> unsupported(String protocol, int inFlight, String method) {
        if (Labelled.find(WireProtocol.class, protocol).isEmpty()) {
            return Optional.of(Labelled.refusal("protocol", protocol, List.of(WireProtocol.values())));
        }
        if (!traits().protocols().contains(WireProtocol.of(protocol))) {
            return Optional.of("oha speaks " + traits().protocols() + " here, not " + protocol
                    + "; use h2load for h2c");
        }
        if (WireProtocol.of(protocol) == WireProtocol.HTTP11 && inFlight > 1) {
            return Optional.of("oha does not pipeline HTTP/1.1 (in_flight " + inFlight + "); use wrk or h2load, or "
                    + "in_flight: 1");
        }
        return Optional.empty();
    }

    @Override
    public List<String> command(String executablePath, LoadRequest r) {
        List<String> cmd = new ArrayList<>();
        cmd.add(executablePath);
        cmd.add("--no-tui");
        cmd.add("--output-format");
        cmd.add("json");
        cmd.add("--worker-threads");
        cmd.add(String.valueOf(Math.max(1, Math.min(r.threads(), r.connections()))));
        cmd.add("-c");
        cmd.add(String.valueOf(r.connections()));
        WireProtocol wire = WireProtocol.of(r.protocol());
        if (wire != WireProtocol.HTTP11) {
            cmd.add("-p");
            cmd.add(String.valueOf(r.inFlight()));
        }
        if (r.requests() != null) {
            cmd.add("-n");
            cmd.add(String.valueOf(r.requests()));
        } else {
            cmd.add("-z");
            cmd.add(r.seconds() + "s");
            cmd.add("-w");
        }
        cmd.add("--http-version");
        cmd.add(switch (wire) {
            case H3 -> "3";
            case H2 -> "2";
            default -> "1.1";
        });
        cmd.add("--insecure");
        cmd.add("-m");
        cmd.add(r.method());
        if (r.headers() != null) {
            r.headers().forEach((k, v) -> {
                cmd.add("-H");
                cmd.add(k + ": " + v);
            });
        }
        if (r.bodyFile() != null) {
            cmd.add("-D");
            cmd.add(r.bodyFile().toString());
        }
        // always bounded: with -w and no timeout, a request that is never answered holds oha past its deadline forever
        cmd.add("-t");
        cmd.add((r.timeout() == null ? DEFAULT_TIMEOUT : r.timeout()).toMillis() + "ms");
        cmd.add(r.url());
        return cmd;
    }

    @Override
    public LoadResult parse(String output, LoadRequest r) {
        JsonNode doc = document(output);
        JsonNode summary = doc.path("summary");
        if (!summary.path("total").isNumber()) {
            throw new IllegalArgumentException("oha printed no result: " + ToolOutput.tail(output));
        }
        // after its deadline oha waits for its QUIC connections to close (up to the idle timeout: the lab's h3 targets
        // ask for 10 s, oha for 30 s, the shorter holds), and its
        // summary's total counts that wait: a duration-bounded run's length is the one asked for (the requests in
        // flight at the deadline, awaited with -w, end within a latency of it)
        double total = summary.path("total").asDouble();
        double seconds = r.requests() == null ? Math.min(total, r.seconds()) : total;
        long ok = 0;
        long otherStatus = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = doc.path("statusCodeDistribution").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            long n = e.getValue().asLong();
            if (e.getKey().startsWith("2")) {
                ok += n;
            } else {
                otherStatus += n;
            }
        }
        long errored = 0;
        for (JsonNode n : doc.path("errorDistribution")) {
            errored += n.asLong();
        }
        if (ok == 0 && otherStatus == 0 && errored == 0) {
            throw new IllegalArgumentException("oha completed no request: " + ToolOutput.tail(output));
        }
        if (r.requests() != null && ok + otherStatus + errored < r.requests()) {
            throw new IllegalArgumentException("oha was asked for " + r.requests() + " requests and finished "
                    + (ok + otherStatus + errored) + ": " + ToolOutput.tail(output));
        }
        JsonNode p = doc.path("latencyPercentiles");
        LatencySummary lat = new LatencySummary(ms(summary.path("average")), Double.NaN, ms(p.path("p50")),
                ms(p.path("p75")), ms(p.path("p90")), ms(p.path("p99")), ms(p.path("p99.9")), ms(p.path("p99.99")),
                ms(summary.path("slowest")), ms(summary.path("fastest")));
        // oha's totalData counts the response bodies only: no total with headers, so no transfer figure
        JsonNode data = summary.path("totalData");
        return ToolOutput.result(r, name(), seconds, ok, ToolOutput.errors("status", otherStatus, "errored", errored),
                lat).withBytes(null, data.isIntegralNumber() ? data.asLong() : null);
    }

    /** The JSON document in oha's output (a warning line may come before it). */
    private static JsonNode document(String output) {
        int start = output.indexOf('{');
        if (start < 0) {
            throw new IllegalArgumentException("oha printed no JSON result: " + ToolOutput.tail(output));
        }
        try {
            return JSON.readTree(output.substring(start));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("oha's result is not JSON (" + e.getOriginalMessage() + "): "
                    + ToolOutput.tail(output));
        }
    }

    /** A duration oha gives in seconds, in milliseconds; NaN when absent. */
    private static double ms(JsonNode seconds) {
        return seconds.isNumber() ? seconds.asDouble() * 1000 : Double.NaN;
    }

    @Override
    public List<String> notes(LoadRequest r) {
        return List.of("oha measures each request from its actual send (closed model: no coordinated-omission "
                + "correction); it verifies no response body; its h3 run ends up to the idle timeout (10 s on the lab's "
                + "targets) after its deadline (it waits for its QUIC connections to close), so throughput is over the duration asked for, and with a request "
                + "count over a total that includes that wait");
    }
}
