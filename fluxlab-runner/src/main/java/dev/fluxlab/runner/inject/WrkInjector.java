package dev.fluxlab.runner.inject;

import dev.fluxlab.model.inject.InjectorTraits;
import dev.fluxlab.model.inject.Injectors;
import dev.fluxlab.model.load.LatencySummary;
import dev.fluxlab.model.load.LoadResult;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * wrk (HTTP/1.1 only). fluxlab writes a Lua script per cell that sets the method, headers and body and, for a
 * pipeline depth above one, hands wrk that many requests per write (wrk counts every response). {@code --latency}
 * gives the 50/75/90/99 % percentiles. wrk checks no status: non-2xx/3xx responses are reported and counted as
 * errors here, socket errors (connect, read, write, timeout) too. Pipelined, wrk times batches and may print 0 for
 * every percentile: such figures are dropped with a named warning ({@link #PIPELINED_LATENCY}), never kept as zeros.
 */
public final class WrkInjector implements ExternalInjector {

    private static final Pattern REQUESTS = Pattern.compile("(\\d+) requests in ([0-9.]+(?:us|ms|s|m|h)),");
    private static final Pattern READ = Pattern.compile("requests in [0-9.]+(?:us|ms|s|m|h), ([0-9.]+[KMGTP]?B) read");
    private static final Pattern TRANSFER = Pattern.compile("Transfer/sec:\\s+([0-9.]+[KMGTP]?B)");
    private static final Pattern NON_2XX = Pattern.compile("Non-2xx or 3xx responses: (\\d+)");
    private static final Pattern SOCKET = Pattern.compile(
            "Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)");
    private static final Pattern LATENCY = Pattern.compile(
            "(?m)^\\s+Latency\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)\\s+\\S+%");
    private static final Pattern PERCENTILE = Pattern.compile("(?m)^\\s+(50|75|90|99)%\\s+(\\S+)\\s*$");

    @Override
    public InjectorTraits traits() {
        return Injectors.WRK;
    }

    /** {@code -v} prints the version first (wrk's then the usage, exit code 1). */
    @Override
    public List<String> versionArgs() {
        return List.of("-v");
    }

    @Override
    public String executable() {
        return "wrk";
    }

    @Override
    public String debianPackage() {
        return "wrk";
    }

    @Override
    public Optional<String> unsupported(String protocol, int inFlight, String method) {
        if (!traits().speaks(protocol)) {
            return Optional.of("wrk speaks HTTP/1.1 only, not " + protocol + "; use h2load for h2c");
        }
        return Optional.empty();
    }

    @Override
    public List<String> command(String executablePath, LoadRequest r) throws IOException {
        Path script = r.workDir().resolve("wrk-pipeline-" + r.inFlight() + ".lua");
        Files.writeString(script, script(r), StandardCharsets.UTF_8);
        List<String> cmd = new ArrayList<>();
        cmd.add(executablePath);
        cmd.add("--threads");
        cmd.add(String.valueOf(Math.max(1, Math.min(r.threads(), r.connections()))));
        cmd.add("--connections");
        cmd.add(String.valueOf(r.connections()));
        cmd.add("--duration");
        cmd.add(r.seconds() + "s");
        cmd.add("--timeout");
        cmd.add((r.timeout() == null ? 10 : Math.max(1, r.timeout().toSeconds())) + "s");
        cmd.add("--latency");
        cmd.add("--script");
        cmd.add(script.toString());
        cmd.add(r.url());
        return cmd;
    }

    /** The Lua script: request shape, and {@code inFlight} requests per write for pipelining. */
    static String script(LoadRequest r) {
        StringBuilder sb = new StringBuilder();
        sb.append("-- written by fluxlab for one cell: the request, and ").append(r.inFlight())
                .append(" request(s) per write (HTTP/1.1 pipelining depth)\n");
        sb.append("wrk.method = ").append(lua(r.method())).append('\n');
        if (r.headers() != null) {
            r.headers().forEach((k, v) -> sb.append("wrk.headers[").append(lua(k)).append("] = ").append(lua(v)).append('\n'));
        }
        if (r.bodyFile() != null) {
            sb.append("local f = assert(io.open(").append(lua(r.bodyFile().toString())).append(", \"rb\"))\n")
                    .append("wrk.body = f:read(\"*a\")\nf:close()\n");
        }
        sb.append("local depth = ").append(r.inFlight()).append('\n');
        sb.append("""
                init = function(args)
                  local batch = {}
                  for i = 1, depth do
                    batch[i] = wrk.format()
                  end
                  pipelined = table.concat(batch)
                end
                request = function()
                  return pipelined
                end
                """);
        return sb.toString();
    }

    private static String lua(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '\\' -> sb.append("\\\\");
                case '"' -> sb.append("\\\"");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                default -> sb.append(c);
            }
        }
        return sb.append('"').toString();
    }

    @Override
    public LoadResult parse(String output, LoadRequest r) {
        Matcher req = ToolOutput.find(REQUESTS, output);
        if (req == null) {
            throw new IllegalArgumentException("wrk printed no result: " + ToolOutput.tail(output));
        }
        long requests = Long.parseLong(req.group(1));
        double seconds = ToolOutput.millis(req.group(2)) / 1000;
        long non2xx = ToolOutput.count(NON_2XX, output);
        Matcher s = ToolOutput.find(SOCKET, output);
        long connect = s == null ? 0 : Long.parseLong(s.group(1));
        long read = s == null ? 0 : Long.parseLong(s.group(2));
        long write = s == null ? 0 : Long.parseLong(s.group(3));
        long timeout = s == null ? 0 : Long.parseLong(s.group(4));
        double mean = Double.NaN;
        double stdev = Double.NaN;
        double max = Double.NaN;
        Matcher l = ToolOutput.find(LATENCY, output);
        if (l != null) {
            mean = ToolOutput.millis(l.group(1));
            stdev = ToolOutput.millis(l.group(2));
            max = ToolOutput.millis(l.group(3));
        }
        double[] p = {Double.NaN, Double.NaN, Double.NaN, Double.NaN};
        Matcher m = PERCENTILE.matcher(output);
        while (m.find()) {
            int i = switch (m.group(1)) {
                case "50" -> 0;
                case "75" -> 1;
                case "90" -> 2;
                default -> 3;
            };
            p[i] = ToolOutput.millis(m.group(2));
        }
        LatencySummary lat = ToolOutput.latency(mean, stdev, p[0], p[1], p[2], p[3], max);
        // wrk counts a response slower than --timeout among its requests and as a timeout (its latency is not
        // recorded): it is an error here, not throughput
        LoadResult result = ToolOutput.result(r, name(), seconds, Math.max(0, requests - non2xx - timeout),
                ToolOutput.errors("status", non2xx, "connect", connect, "read", read, "write", write, "timeout", timeout),
                lat);
        String pipelined = pipelinedLatency(r.inFlight(), result.requestsOk(), lat);
        LoadResult counted = result.withBytes(bytesRead(output, seconds), null);
        return pipelined == null ? counted : counted.withoutLatency(pipelined);
    }

    /**
     * The bytes wrk read from its sockets (headers included; wrk does not count bodies apart): its
     * {@code Transfer/sec} times the duration it printed, so that the figure is the rate wrk printed (its total,
     * {@code 1.06MB read}, has as many digits for a much larger number); the total when no rate was printed; null
     * when neither was.
     */
    static Long bytesRead(String output, double seconds) {
        Matcher rate = ToolOutput.find(TRANSFER, output);
        if (rate != null) {
            return Math.round(ToolOutput.binaryBytes(rate.group(1)) * seconds);
        }
        Matcher read = ToolOutput.find(READ, output);
        return read == null ? null : ToolOutput.binaryBytes(read.group(1));
    }

    /** The name the cell's warning starts with when wrk's pipelined latency is dropped ({@link #pipelinedLatency}). */
    public static final String PIPELINED_LATENCY = "wrk pipelined latency";

    /**
     * Why wrk's latency figures of a pipelined run cannot stand, or null: at a depth above one, wrk records one latency
     * sample per batch (from writing the batch to its last response), and on this machine at depth 16 it printed
     * {@code 0.00us} for every percentile beside counted responses (seed 004's {@code -t4 -c128} with a 16-deep
     * script). Those figures would read as real zeros in the tables and claims; the repeat keeps its throughput and
     * says, under {@link #PIPELINED_LATENCY}, why it has no latency.
     */
    static String pipelinedLatency(int depth, long ok, LatencySummary lat) {
        if (depth <= 1 || ok == 0) {
            return null;
        }
        String impossible = lat.disorder(false);
        if (impossible == null) {
            return null;
        }
        return PIPELINED_LATENCY + ": at pipeline depth " + depth + " wrk printed latency figures that cannot be true ("
                + impossible + "; it times one sample per pipelined batch, not each request): this repeat has no "
                + "latency figures, its Requests/sec stands; in_flight: 1 gives wrk's latency per request";
    }

    @Override
    public List<String> notes(LoadRequest r) {
        return List.of("wrk verifies no response body; only non-2xx/3xx statuses and socket errors count as errors");
    }
}
