package dev.fluxlab.runner.inject;

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
 * ApacheBench (HTTP/1.0, one request in flight per connection, one thread). {@code -k} is used only when the target
 * can keep HTTP/1.0 connections alive: Reactor Netty answers an HTTP/1.0 keep-alive request without
 * {@code Connection: keep-alive}, so ab would open a new connection per request anyway (recorded: "Keep-Alive
 * requests: 0"). Non-2xx responses and failed requests (connect, receive, exceptions) are errors; ab's "Length"
 * failures are not (see {@link #parse}).
 */
public final class AbInjector implements ExternalInjector {

    private static final Pattern TAKEN = Pattern.compile("Time taken for tests:\\s+([0-9.]+) seconds");
    private static final Pattern COMPLETE = Pattern.compile("Complete requests:\\s+(\\d+)");
    private static final Pattern FAILED = Pattern.compile("Failed requests:\\s+(\\d+)");
    private static final Pattern TRANSFERRED = Pattern.compile("Total transferred:\\s+(\\d+) bytes");
    private static final Pattern HTML = Pattern.compile("HTML transferred:\\s+(\\d+) bytes");
    private static final Pattern NON_2XX = Pattern.compile("Non-2xx responses:\\s+(\\d+)");
    private static final Pattern FAILED_BY = Pattern.compile(
            "\\(Connect: (\\d+), Receive: (\\d+), Length: (\\d+), Exceptions: (\\d+)\\)");
    private static final Pattern MEAN = Pattern.compile("Time per request:\\s+([0-9.]+) \\[ms\\] \\(mean\\)");
    private static final Pattern TOTAL = Pattern.compile(
            "(?m)^Total:\\s+(\\d+)\\s+(\\d+)\\s+([0-9.]+)\\s+(\\d+)\\s+(\\d+)");
    private static final Pattern PERCENTILE = Pattern.compile("(?m)^\\s+(50|75|90|99|100)%\\s+(\\d+)");

    @Override
    public InjectorTraits traits() {
        return Injectors.AB;
    }

    /** {@code -V} prints "This is ApacheBench, Version 2.3 ..." first. */
    @Override
    public List<String> versionArgs() {
        return List.of("-V");
    }

    @Override
    public String executable() {
        return "ab";
    }

    @Override
    public String debianPackage() {
        return "apache2-utils";
    }

    /** ab has one thread. */
    @Override
    public Integer fixedThreads() {
        return 1;
    }

    /** ab asks for keep-alive with {@code -k}, which some targets do not honour for HTTP/1.0. */
    @Override
    public boolean http10KeepAlive() {
        return true;
    }

    /** ab's percentile table is in whole milliseconds: on loopback its 50 % is often 0. */
    @Override
    public boolean wholeMillis() {
        return true;
    }

    @Override
    public Optional<String> unsupported(String protocol, int inFlight, String method) {
        if (!traits().speaks(protocol)) {
            return Optional.of("ab speaks HTTP/1.0 only, not " + protocol);
        }
        if (inFlight > 1) {
            return Optional.of("ab cannot pipeline (in_flight " + inFlight + "); use wrk or h2load --h1");
        }
        return Optional.empty();
    }

    @Override
    public List<String> command(String executablePath, LoadRequest r) {
        List<String> cmd = new ArrayList<>();
        cmd.add(executablePath);
        if (r.keepAlive()) {
            cmd.add("-k");
        }
        cmd.add("-c");
        cmd.add(String.valueOf(r.connections()));
        if (r.requests() != null) {
            // the phase's time bound too (`measure`): ab stops at whichever comes first, so a count it cannot reach in
            // time ends as "measured M of N", not as a tool stopped by the runner with nothing read; -t first, as it
            // sets a count of its own that -n then replaces
            cmd.add("-t");
            cmd.add(String.valueOf(r.seconds()));
            cmd.add("-n");
            cmd.add(String.valueOf(r.requests()));
        } else {
            cmd.add("-t");
            cmd.add(String.valueOf(r.seconds()));
            // -t alone caps the run at 50000 requests; ab keeps a 48-byte record per request, so bound it by time instead
            cmd.add("-n");
            cmd.add(String.valueOf(Math.min(5_000_000, 200_000 * r.seconds())));
        }
        cmd.add("-s");
        cmd.add(String.valueOf(r.timeout() == null ? 10 : Math.max(1, r.timeout().toSeconds())));
        if (r.headers() != null) {
            r.headers().forEach((k, v) -> {
                if (k.equalsIgnoreCase("content-type")) {
                    cmd.add("-T");
                    cmd.add(v);
                } else {
                    cmd.add("-H");
                    cmd.add(k + ": " + v);
                }
            });
        }
        if (r.bodyFile() != null) {
            cmd.add("POST".equals(r.method()) ? "-p" : "-u");
            cmd.add(r.bodyFile().toString());
        } else if (!"GET".equals(r.method())) {
            cmd.add("-m");
            cmd.add(r.method());
        }
        cmd.add(r.url());
        return cmd;
    }

    @Override
    public LoadResult parse(String output, LoadRequest r) {
        Matcher taken = ToolOutput.find(TAKEN, output);
        Matcher complete = ToolOutput.find(COMPLETE, output);
        if (taken == null || complete == null) {
            throw new IllegalArgumentException("ab printed no result: " + ToolOutput.tail(output));
        }
        double seconds = Double.parseDouble(taken.group(1));
        long done = Long.parseLong(complete.group(1));
        long failed = ToolOutput.count(FAILED, output);
        long non2xx = ToolOutput.count(NON_2XX, output);
        Matcher mean = ToolOutput.find(MEAN, output);
        Matcher total = ToolOutput.find(TOTAL, output);
        double[] p = {Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN};
        Matcher m = PERCENTILE.matcher(output);
        while (m.find()) {
            int i = switch (m.group(1)) {
                case "50" -> 0;
                case "75" -> 1;
                case "90" -> 2;
                case "99" -> 3;
                default -> 4;
            };
            p[i] = Double.parseDouble(m.group(2));
        }
        LatencySummary lat = ToolOutput.latency(mean == null ? Double.NaN : Double.parseDouble(mean.group(1)),
                total == null ? Double.NaN : Double.parseDouble(total.group(3)), p[0], p[1], p[2], p[3], p[4]);
        // ab's "Transfer rate" is its "Total transferred" (every byte received, headers included) over the time taken,
        // in KB of 1024: the figure reads the exact count and divides it the same way
        Matcher sent = ToolOutput.find(TRANSFERRED, output);
        Matcher html = ToolOutput.find(HTML, output);
        Long bytes = sent == null ? null : Long.valueOf(sent.group(1));
        Long bodies = html == null ? null : Long.valueOf(html.group(1));
        Matcher by = ToolOutput.find(FAILED_BY, output);
        if (by == null) {
            return ToolOutput.result(r, name(), seconds, Math.max(0, done - failed - non2xx),
                    ToolOutput.errors("failed", failed, "status", non2xx), lat).withBytes(bytes, bodies);
        }
        // ab's "Length" failures compare each body's length with the first response's: every non-2xx response of
        // another length is counted twice (as Length and as Non-2xx), and an error answered first makes every good
        // response a Length failure. Statuses are what is verified here; connect failures are not among the completed.
        long connect = Long.parseLong(by.group(1));
        long receive = Long.parseLong(by.group(2));
        long exceptions = Long.parseLong(by.group(4));
        return ToolOutput.result(r, name(), seconds, Math.max(0, done - receive - exceptions - non2xx),
                ToolOutput.errors("status", non2xx, "connect", connect, "receive", receive, "exceptions", exceptions),
                lat).withBytes(bytes, bodies);
    }

    @Override
    public List<String> notes(LoadRequest r) {
        List<String> n = new ArrayList<>();
        n.add("ab speaks HTTP/1.0 with one request in flight per connection and whole-millisecond percentiles");
        if (!r.keepAlive()) {
            n.add("ab runs without -k: Reactor Netty does not keep HTTP/1.0 connections alive (no 'Connection: "
                    + "keep-alive' in its reply), so every request opens a new connection");
        }
        return n;
    }
}
