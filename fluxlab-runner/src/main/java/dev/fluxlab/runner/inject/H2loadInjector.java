package dev.fluxlab.runner.inject;

import dev.fluxlab.model.Labelled;
import dev.fluxlab.model.http.WireProtocol;
import dev.fluxlab.model.inject.InjectorTraits;
import dev.fluxlab.model.inject.Injectors;
import dev.fluxlab.model.load.LatencySummary;
import dev.fluxlab.model.load.LoadResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * h2load (nghttp2): h2c with prior knowledge and {@code -m} streams per connection, h2 over TLS (an https URL, ALPN
 * offering h2 only, {@code --npn-list=h2}, so a server that cannot speak it fails the handshake instead of running the
 * cell over HTTP/1.1; h2load accepts any certificate, so the lab's self-signed one works), or HTTP/1.1 ({@code --h1},
 * where {@code -m} is the pipeline depth). A fixed request count is {@code -n} instead of {@code -D}. It reports min/max/mean/sd of request time, no percentiles. Only 2xx
 * responses count as verified; 3xx/4xx/5xx are status errors, {@code errored} requests (I/O, protocol) are errors too.
 */
public final class H2loadInjector implements ExternalInjector {

    private static final String TIME = "([0-9.]+(?:us|ms|s|m|h))";
    private static final Pattern FINISHED = Pattern.compile("finished in " + TIME + ",");
    private static final Pattern REQUESTS = Pattern.compile("requests: (\\d+) total, (\\d+) started, (\\d+) done, "
            + "(\\d+) succeeded, (\\d+) failed, (\\d+) errored, (\\d+) timeout");
    private static final Pattern STATUS = Pattern.compile("status codes: (\\d+) 2xx, (\\d+) 3xx, (\\d+) 4xx, (\\d+) 5xx");
    /** {@code traffic: 4.08MB (4275172) total, 2.74MB (2869930) headers (...), 371.78KB (380705) data}: exact counts. */
    private static final Pattern TRAFFIC = Pattern.compile(
            "traffic: \\S+ \\((\\d+)\\) total, \\S+ \\((\\d+)\\) headers.*?, \\S+ \\((\\d+)\\) data");
    private static final Pattern APPLICATION = Pattern.compile("Application protocol: (\\S+)");
    private static final Pattern REQUEST_TIME = Pattern.compile(
            "time for request:\\s+" + TIME + "\\s+" + TIME + "\\s+" + TIME + "\\s+" + TIME);

    @Override
    public InjectorTraits traits() {
        return Injectors.H2LOAD;
    }

    @Override
    public String executable() {
        return "h2load";
    }

    @Override
    public String debianPackage() {
        return "nghttp2-client";
    }

    /** h2load drives the wires of its traits ({@link Injectors#H2LOAD}); it refuses any other name ({@link Labelled}'s refusal). */
    @Override
    public Optional<String> unsupported(String protocol, int inFlight, String method) {
        List<WireProtocol> wires = Injectors.H2LOAD.protocols();
        if (Labelled.find(WireProtocol.class, protocol).filter(wires::contains).isEmpty()) {
            return Optional.of(Labelled.refusal("protocol", protocol, wires));
        }
        if (!"GET".equals(method) && !"POST".equals(method)) {
            return Optional.of("h2load sends GET, or POST with a body; not " + method);
        }
        return Optional.empty();
    }

    @Override
    public List<String> command(String executablePath, LoadRequest r) {
        List<String> cmd = new ArrayList<>();
        cmd.add(executablePath);
        cmd.add("--threads=" + Math.max(1, Math.min(r.threads(), r.connections())));
        cmd.add("--clients=" + r.connections());
        cmd.add("--max-concurrent-streams=" + r.inFlight());
        if (r.requests() != null) {
            cmd.add("--requests=" + r.requests());
        } else {
            cmd.add("--duration=" + r.seconds());
        }
        // read as unsupported() read it, so the name it let through picks the same wire here
        WireProtocol wire = WireProtocol.of(r.protocol());
        if (wire == WireProtocol.HTTP11) {
            cmd.add("--h1");
        } else if (wire == WireProtocol.H2) {
            cmd.add("--npn-list=h2");
        }
        if (r.headers() != null) {
            r.headers().forEach((k, v) -> cmd.add("--header=" + k + ": " + v));
        }
        if (r.bodyFile() != null) {
            cmd.add("--data=" + r.bodyFile());
        }
        cmd.add(r.url());
        return cmd;
    }

    @Override
    public LoadResult parse(String output, LoadRequest r) {
        Matcher f = ToolOutput.find(FINISHED, output);
        Matcher q = ToolOutput.find(REQUESTS, output);
        if (f == null || q == null) {
            throw new IllegalArgumentException("h2load printed no result: " + ToolOutput.tail(output));
        }
        Matcher alpn = ToolOutput.find(APPLICATION, output);
        // what h2load printed as "Application protocol" is an ALPN id (h2, http/1.1), not one of the lab's names
        if (WireProtocol.of(r.protocol()) == WireProtocol.H2 && alpn != null && !"h2".equals(alpn.group(1))) {
            throw new IllegalArgumentException("h2load negotiated " + alpn.group(1) + ", not h2: " + ToolOutput.tail(output));
        }
        double seconds = ToolOutput.millis(f.group(1)) / 1000;
        long done = Long.parseLong(q.group(3));
        long errored = Long.parseLong(q.group(6));
        Matcher s = ToolOutput.find(STATUS, output);
        long succeeded = Long.parseLong(q.group(4));
        long redirects = s == null ? 0 : Long.parseLong(s.group(2));
        // h2load counts a status when its headers arrive, so a stream reset or timed out after a 2xx header is both
        // "2xx" and "errored"; "succeeded" holds only streams that closed well, 2xx and 3xx alike
        long ok2xx = s == null ? succeeded : Math.max(0, Math.min(Long.parseLong(s.group(1)), succeeded - redirects));
        long otherStatus = s == null ? 0 : redirects + Long.parseLong(s.group(3)) + Long.parseLong(s.group(4));
        Matcher t = ToolOutput.find(REQUEST_TIME, output);
        LatencySummary lat = t == null
                ? ToolOutput.latency(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN)
                : ToolOutput.latency(ToolOutput.millis(t.group(3)), ToolOutput.millis(t.group(4)),
                Double.NaN, Double.NaN, Double.NaN, Double.NaN, ToolOutput.millis(t.group(2)));
        if (done == 0 && errored == 0 && ok2xx == 0) {
            throw new IllegalArgumentException("h2load completed no request: " + ToolOutput.tail(output));
        }
        long failed = Long.parseLong(q.group(5));
        long statuses = s == null ? -1 : Long.parseLong(s.group(1)) + otherStatus;
        if (done > 0 && failed == done && errored == 0 && statuses == 0) {
            // every response came back (done) and none had a status h2load could read: its HTTP/1.1 parser (nghttp2
            // 1.52, Debian's) takes no status line without a reason phrase, and Tomcat sends "HTTP/1.1 200 " so
            throw new IllegalArgumentException("h2load read no status code in any of its " + done + " responses and "
                    + "counted them all failed: over HTTP/1.1 its parser needs a reason phrase in the status line "
                    + "('HTTP/1.1 200 OK'), which this server leaves out (Tomcat does); load it with fluxlab or wrk over "
                    + "HTTP/1.1, or with h2load over h2c: " + ToolOutput.tail(output));
        }
        if (r.requests() != null && done < r.requests()) {
            throw new IllegalArgumentException("h2load was asked for " + r.requests() + " requests and finished " + done
                    + " (" + q.group(2) + " started): " + ToolOutput.tail(output));
        }
        // its total is every byte it read (frames and headers; after TLS), its data the response bodies
        Matcher traffic = ToolOutput.find(TRAFFIC, output);
        return ToolOutput.result(r, name(), seconds, ok2xx, ToolOutput.errors("status", otherStatus, "errored", errored), lat)
                .withBytes(traffic == null ? null : Long.valueOf(traffic.group(1)),
                        traffic == null ? null : Long.valueOf(traffic.group(3)));
    }

    @Override
    public List<String> notes(LoadRequest r) {
        return List.of("h2load gives min/max/mean/sd of request time, no percentiles; it verifies no response body");
    }
}
