package dev.fluxlab.loadgen;

import dev.fluxlab.model.Durations;
import dev.fluxlab.model.contract.LoadArgs;
import dev.fluxlab.model.contract.LoadLimits;
import dev.fluxlab.model.http.WireProtocol;
import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.model.warmup.WarmupPolicy;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What one injector run does: target, protocol, workload model, phases, request and verification.
 * Immutable; build it with {@link #builder(String)} and {@link Builder#build()}, which validates every value
 * and refuses bad input with an {@link IllegalArgumentException} naming the problem.
 *
 * @param target        the URL as given
 * @param host          host to connect to (brackets stripped for IPv6)
 * @param port          port to connect to
 * @param pathAndQuery  request target sent on the wire
 * @param tls           whether to speak TLS (https://)
 * @param protocol      the one wire protocol every connection speaks ({@code http1.1}, {@code h2c}, {@code h2})
 * @param connections   TCP connections
 * @param inFlight      requests in flight per connection (pipeline depth or concurrent streams)
 * @param threads       injector event loops, at most one per connection
 * @param duration      measured phase length (when {@code requests} is null)
 * @param requests      measured phase by count, or null
 * @param maxDuration   bound of a measured phase by count, or by precision
 * @param precision     measure until the 95 % interval of the mean throughput is within this fraction of it (0.02 =
 *                      ±2 %), at least {@code duration} and at most {@code maxDuration}; null: measure {@code duration}
 * @param warmup        the unrecorded warm-up ({@link WarmupPolicy}: {@code auto} until steady state, or fixed)
 * @param watchPids     JVMs besides the injector's own whose JIT an automatic warm-up waits for (the targets)
 * @param rate          open model: requests per second; null for the closed model
 * @param method        HTTP method
 * @param body          request body, empty for none
 * @param contentType   Content-Type to send with the body, or null
 * @param headers       extra request headers as name/value pairs
 * @param expectStatus  the status every response must have
 * @param expectBody    the exact body every response must have, or null
 * @param expectContentType the Content-Type every response must have (parameters after ';' ignored), or null
 * @param timeout       per-request timeout
 * @param insecure      trust any server certificate (the lab's self-signed ones)
 * @param allowRemote   permit a non-loopback target
 * @param transport     {@code native} (epoll, then io_uring, then nio), {@code epoll}, {@code io_uring} or {@code nio}
 * @param keepAlive     false: a new connection for every request (HTTP/1.1 with {@code Connection: close}, one request
 *                      in flight, closed model), each request's latency measured from its connect
 * @param threadsAsked  the {@code --threads} asked when it was more than the connections, which {@code threads} is
 *                      capped to (a loop holds whole connections); null otherwise. The run says so in its warnings: a
 *                      suite may give one {@code threads} to cells of several connection counts, so it is no refusal
 */
public record LoadSpec(
        String target, String host, int port, String pathAndQuery, boolean tls,
        WireProtocol protocol, int connections, int inFlight, int threads,
        Duration duration, Long requests, Duration maxDuration, Double precision,
        WarmupPolicy warmup, List<Long> watchPids,
        Double rate, String method, byte[] body, String contentType, List<String[]> headers,
        int expectStatus, byte[] expectBody, String expectContentType,
        Duration timeout, boolean insecure, boolean allowRemote, String transport, boolean keepAlive,
        Integer threadsAsked) {

    /** See {@link LoadLimits#MAX_H2_BODY}. */
    public static final int MAX_H2_BODY = LoadLimits.MAX_H2_BODY;

    /**
     * Shortest measured phase by duration: 100 ms. A 1 ns window printed 10,000,000 injector cores and a 10 ms one
     * "3.00 of 2 cores": CPU clocks and the per-second series need a window of this order at least.
     */
    public static final Duration MIN_DURATION = Duration.ofMillis(100);

    /** See {@link LoadLimits#MAX_BODY}. */
    public static final int MAX_BODY = LoadLimits.MAX_BODY;

    /** See {@link LoadLimits#MAX_RATE}. */
    public static final double MAX_RATE = LoadLimits.MAX_RATE;

    public boolean openModel() {
        return rate != null;
    }

    /**
     * Longest measured phase counted second by second by completion time: one hour, 58 KB of counters per event loop
     * (its six histograms take about 1 MB). A longer one keeps exact totals, and its seconds beyond this bound in
     * {@code per_second} are the coordinator's readings at each second's end.
     */
    static final int MAX_COUNTED_SECONDS = 3_600;

    /**
     * How many per-second buckets each loop keeps for the measured phase: every whole second the phase can last (its
     * duration, or the bound of a count or a precision), and one more that takes what falls after them.
     */
    int measuredBuckets() {
        Duration longest = precision == null && requests == null ? duration : max(duration, maxDuration);
        long seconds = (longest.toMillis() + 999) / 1000;
        return (int) Math.min(seconds, MAX_COUNTED_SECONDS) + 1;
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    /** {@code host:port}, always with the port (Netty servers reset h2 streams whose :authority lacks it). */
    public String authority() {
        String h = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
        return h + ":" + port;
    }

    /**
     * Refuses a target URL whose form {@link #build} would refuse (scheme, host, port, credentials, path), naming what
     * is wrong: a command line checks it as it is read. Whether the host resolves, and where to, is not asked here.
     *
     * @throws IllegalArgumentException naming the problem
     */
    public static void checkUrl(String url) {
        TargetUrl.parse(url);
    }

    public static Builder builder(String url) {
        return new Builder(url);
    }

    /** Mutable, single-use builder; every setter returns {@code this}. */
    public static final class Builder {
        private final String url;
        private String protocol;
        private int connections = LoadArgs.DEFAULT_CONNECTIONS;
        private int inFlight = 1;
        private Integer threads;
        private Duration duration = LoadArgs.DEFAULT_DURATION;
        private Long requests;
        private Duration maxDuration = LoadArgs.DEFAULT_MAX_DURATION;
        private Double precision;
        private Duration warmup = WarmupPolicy.DEFAULT.fixed();
        private boolean warmupAuto = WarmupPolicy.DEFAULT.auto();
        private Duration warmupMax = WarmupPolicy.DEFAULT_MAX;
        private Duration warmupMin = WarmupPolicy.DEFAULT_MIN;
        private final List<Long> watchPids = new ArrayList<>();
        private Double rate;
        private String method = "GET";
        private byte[] body = new byte[0];
        private String contentType;
        private final List<String[]> headers = new ArrayList<>();
        private int expectStatus = 200;
        private byte[] expectBody;
        private String expectContentType;
        private Duration timeout = LoadArgs.DEFAULT_TIMEOUT;
        private boolean insecure;
        private boolean allowRemote;
        private String transport = Transport.NATIVE.label();
        private boolean keepAlive = true;

        private Builder(String url) {
            this.url = url;
        }

        public Builder protocol(String p) { this.protocol = p; return this; }
        public Builder connections(int c) { this.connections = c; return this; }
        public Builder inFlight(int m) { this.inFlight = m; return this; }
        public Builder threads(Integer t) { this.threads = t; return this; }
        public Builder duration(Duration d) { this.duration = d; return this; }
        public Builder requests(Long n) { this.requests = n; return this; }
        public Builder maxDuration(Duration d) { this.maxDuration = d; return this; }
        /** Measure until the mean throughput is known within {@code fraction} (0.02 = ±2 %); null: a fixed duration. */
        public Builder precision(Double fraction) { this.precision = fraction; return this; }
        public Builder warmup(Duration d) { this.warmup = d; this.warmupAuto = false; return this; }
        public Builder warmupAuto() { this.warmupAuto = true; return this; }
        public Builder warmupMax(Duration d) { this.warmupMax = d; return this; }
        public Builder warmupMin(Duration d) { this.warmupMin = d; return this; }
        public Builder warmup(WarmupPolicy p) {
            this.warmupAuto = p.auto(); this.warmup = p.fixed(); this.warmupMin = p.min(); this.warmupMax = p.max();
            return this;
        }
        public Builder watchPid(long pid) { this.watchPids.add(pid); return this; }
        public Builder rate(Double r) { this.rate = r; return this; }
        public Builder method(String m) { this.method = m; return this; }
        public Builder body(byte[] b, String type) { this.body = b; this.contentType = type; return this; }
        public Builder header(String name, String value) { headers.add(new String[]{name, value}); return this; }
        public Builder expectStatus(int s) { this.expectStatus = s; return this; }
        public Builder expectBody(byte[] b) { this.expectBody = b; return this; }
        public Builder expectContentType(String t) { this.expectContentType = t; return this; }
        public Builder timeout(Duration t) { this.timeout = t; return this; }
        public Builder insecure(boolean b) { this.insecure = b; return this; }
        public Builder allowRemote(boolean b) { this.allowRemote = b; return this; }
        public Builder transport(String t) { this.transport = t; return this; }
        public Builder keepAlive(boolean k) { this.keepAlive = k; return this; }

        /** Validates everything and builds the spec. */
        public LoadSpec build() {
            TargetUrl u = TargetUrl.parse(url);
            boolean tls = u.tls();
            WireProtocol p = protocol == null ? (tls ? WireProtocol.H2 : WireProtocol.HTTP11) : WireProtocol.of(protocol);
            if (p == WireProtocol.H2 && !tls) {
                throw new IllegalArgumentException("--protocol h2 needs an https:// URL (use h2c for cleartext HTTP/2)");
            }
            if (p == WireProtocol.H3 && !tls) {
                throw new IllegalArgumentException("--protocol h3 needs an https:// URL (HTTP/3 runs on QUIC, which is "
                        + "always encrypted; the port is the server's UDP port)");
            }
            if (p == WireProtocol.H2C && tls) {
                throw new IllegalArgumentException("--protocol h2c needs an http:// URL (use h2 for HTTP/2 over TLS)");
            }
            if (connections < 1) {
                throw new IllegalArgumentException("--connections must be at least 1, got " + connections);
            }
            if (inFlight < 1) {
                throw new IllegalArgumentException("--in-flight must be at least 1, got " + inFlight);
            }
            if (inFlight > LoadLimits.MAX_IN_FLIGHT) {
                throw new IllegalArgumentException("--in-flight must be at most " + LoadLimits.MAX_IN_FLIGHT + ", got " + inFlight);
            }
            if (!keepAlive) {
                checkConnectionPerRequest(p);
            }
            int t = threads == null ? LoadArgs.defaultThreads(connections, rate) : threads;
            if (t < 1) {
                throw new IllegalArgumentException("--threads must be at least 1, got " + t);
            }
            Integer asked = threads != null && threads > connections ? threads : null;
            t = Math.min(t, connections);
            if (requests != null && requests < 1) {
                throw new IllegalArgumentException("--requests must be at least 1, got " + requests);
            }
            if (requests == null && (duration == null || duration.compareTo(MIN_DURATION) < 0)) {
                throw new IllegalArgumentException("--duration must be at least " + Durations.format(MIN_DURATION)
                        + " (a shorter window measures neither a rate nor the injector's CPU), e.g. 10s; got "
                        + (duration == null ? "none" : Durations.format(duration)));
            }
            if (precision != null && !(precision >= LoadLimits.MIN_PRECISION && precision <= LoadLimits.MAX_PRECISION)) {
                throw new IllegalArgumentException(String.format(java.util.Locale.ROOT,
                        "--precision must be between %.1f and %.0f (percent of the mean throughput), got %s",
                        LoadLimits.MIN_PRECISION * 100, LoadLimits.MAX_PRECISION * 100, precision * 100));
            }
            if (precision != null && requests != null) {
                throw new IllegalArgumentException("--precision and --requests each decide when the measured phase ends; give one of them");
            }
            if (maxDuration == null || maxDuration.isZero() || maxDuration.isNegative()) {
                throw new IllegalArgumentException("--max-duration must be positive, e.g. 10m");
            }
            if (requests != null && maxDuration.compareTo(MIN_DURATION) < 0) {
                // it bounds the count's window as --duration bounds a fixed one: -n 100 --max-duration 1ns measured
                // for 92 us and printed its event loops 1724% busy
                throw new IllegalArgumentException("--max-duration must be at least " + Durations.format(MIN_DURATION)
                        + " with --requests (a shorter window measures neither a rate nor the injector's CPU), e.g. "
                        + "10m; got " + Durations.format(maxDuration));
            }
            if (warmupMax == null || warmupMax.isZero() || warmupMax.isNegative()) {
                throw new IllegalArgumentException("--warmup-max must be positive, e.g. 60s");
            }
            if (warmupMin == null || warmupMin.isNegative()) {
                throw new IllegalArgumentException("--warmup-min must be zero or positive, e.g. 20s");
            }
            if (warmupAuto && warmupMin.compareTo(warmupMax) > 0) {
                throw new IllegalArgumentException("--warmup-min (" + warmupMin.toMillis() / 1000.0 + "s) must not exceed "
                        + "--warmup-max (" + warmupMax.toMillis() / 1000.0 + "s)");
            }
            for (long pid : watchPids) {
                if (pid < 1) {
                    throw new IllegalArgumentException("--warmup-watch-pid must be a process id (a positive number), got " + pid);
                }
            }
            if (warmup == null || warmup.isNegative()) {
                throw new IllegalArgumentException("--warmup must be auto or a duration of zero or more, e.g. 5s");
            }
            if (rate != null && !(rate > 0 && rate <= MAX_RATE)) {
                throw new IllegalArgumentException("--rate must be more than 0 and at most " + (long) MAX_RATE
                        + " requests per second (one per nanosecond, the resolution of the send schedule), got " + rate);
            }
            String m = method == null ? "" : method.toUpperCase(Locale.ROOT);
            if (!dev.fluxlab.model.suite.SuiteSpec.ScenarioSpec.INJECTOR_METHODS.contains(m)) {
                throw new IllegalArgumentException(dev.fluxlab.model.Refusal.unknown("method", String.valueOf(method),
                        dev.fluxlab.model.suite.SuiteSpec.ScenarioSpec.INJECTOR_METHODS));
            }
            if (body.length > MAX_BODY) {
                throw new IllegalArgumentException("request body of " + body.length + " bytes is too large; at most "
                        + MAX_BODY + " bytes (16 MiB) are supported");
            }
            if (p != WireProtocol.HTTP11 && body.length > MAX_H2_BODY) {
                throw new IllegalArgumentException("request body of " + body.length + " bytes is too large for "
                        + (p == WireProtocol.H3 ? "HTTP/3" : "HTTP/2") + "; at most "
                        + MAX_H2_BODY + " bytes are supported");
            }
            if (expectStatus < 100 || expectStatus > 599) {
                throw new IllegalArgumentException("--expect-status must be an HTTP status 100..599, got " + expectStatus);
            }
            if (timeout == null || timeout.compareTo(LoadLimits.MIN_TIMEOUT) < 0) {
                throw new IllegalArgumentException("--timeout must be at least 1ms, e.g. 10s");
            }
            for (String[] h : headers) {
                if (!LoadLimits.isHeaderName(h[0])) {
                    throw new IllegalArgumentException("invalid header name '" + h[0] + "': use -H 'Name: value'");
                }
                if (LoadLimits.reservedHeader(h[0]) != null) {
                    throw new IllegalArgumentException(LoadLimits.reservedHeader(h[0]));
                }
                if (!LoadLimits.isHeaderValue(h[1])) {
                    throw new IllegalArgumentException("invalid header value for '" + h[0] + "': no line breaks, and "
                            + "no character above U+00FF (HTTP sends a value as ISO-8859-1 bytes)");
                }
            }
            String tr = (transport == null ? Transport.NATIVE : Transport.of(transport)).label();
            return new LoadSpec(url, u.host(), u.port(), u.pathAndQuery(), tls, p, connections, inFlight, t, duration, requests, maxDuration, precision,
                    warmupAuto ? WarmupPolicy.auto(warmupMin, warmupMax) : WarmupPolicy.fixed(warmup),
                    List.copyOf(watchPids), rate, m, body, contentType,
                    List.copyOf(headers), expectStatus, expectBody, expectContentType, timeout, insecure, allowRemote, tr,
                    keepAlive, asked);
        }

        /** A connection per request is defined for one HTTP/1.1 request at a time, each waited for (closed model). */
        private void checkConnectionPerRequest(WireProtocol p) {
            if (p != WireProtocol.HTTP11) {
                throw new IllegalArgumentException("--keep-alive false is for HTTP/1.1 only: HTTP/2 and HTTP/3 (" + p.label()
                        + ") exists to multiplex many requests on one connection, so a connection per request would "
                        + "measure the connection preface, not requests; use --protocol http1.1");
            }
            if (inFlight != 1) {
                throw new IllegalArgumentException("--keep-alive false sends one request per connection, so there is "
                        + "nothing to pipeline: use -m 1 (got -m " + inFlight + ") and more -c for concurrency");
            }
            if (rate != null) {
                throw new IllegalArgumentException("--keep-alive false works with the closed model (-c connections, "
                        + "each opening a new connection per request, as ab without -k); drop --rate");
            }
        }
    }

    /** A valid JSON document of exactly {@code size} bytes (size >= 2), for {@code --body-size}. */
    public static byte[] jsonBody(int size) {
        if (size < LoadLimits.MIN_BODY_SIZE) {
            throw new IllegalArgumentException("--body-size must be at least 2 bytes (the smallest JSON object is {}), got " + size);
        }
        if (size < 11) {
            StringBuilder sb = new StringBuilder("{");
            // pad with insignificant whitespace, still valid JSON
            while (sb.length() < size - 1) {
                sb.append(' ');
            }
            return sb.append('}').toString().getBytes(StandardCharsets.US_ASCII);
        }
        // {"data":"xxxx...x"} : 11 bytes of framing
        StringBuilder sb = new StringBuilder(size).append("{\"data\":\"");
        int fill = size - 11;
        for (int i = 0; i < fill; i++) {
            sb.append((char) ('a' + i % 26));
        }
        sb.append("\"}");
        return sb.toString().getBytes(StandardCharsets.US_ASCII);
    }
}
