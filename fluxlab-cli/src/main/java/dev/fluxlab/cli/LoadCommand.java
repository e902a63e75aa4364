package dev.fluxlab.cli;

import dev.fluxlab.loadgen.HumanReport;
import dev.fluxlab.loadgen.LoadFailure;
import dev.fluxlab.loadgen.LoadGenerator;
import dev.fluxlab.loadgen.LoadOutcome;
import dev.fluxlab.loadgen.LoadSpec;
import dev.fluxlab.loadgen.LoadStop;
import dev.fluxlab.loadgen.ProgressListener;
import dev.fluxlab.loadgen.TargetGuard;
import dev.fluxlab.model.contract.ProgressLine;
import dev.fluxlab.model.Durations;
import dev.fluxlab.model.Json;
import dev.fluxlab.model.contract.LoadArgs;
import dev.fluxlab.model.contract.MeasureGate;
import dev.fluxlab.model.warmup.WarmupPolicy;
import dev.fluxlab.options.LoadValues.Method;
import dev.fluxlab.options.LoadValues.Progress;
import dev.fluxlab.options.LoadValues.Warmup;
import dev.fluxlab.options.OptionValues;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code fluxlab load URL}: drives HTTP load with fluxlab's Netty injector and reports throughput, the latency
 * spectrum and errors by class (flags: docs/contracts.md). Exit 0 when the run completed (errors are in the
 * result), 2 for bad input, 1 when the run could not take place, 130 when a Ctrl-C or SIGTERM ended it (what the
 * measured phase had gathered is still printed and written).
 */
@Command(name = "load", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Loads a URL with fluxlab's Netty injector (HTTP/1.1, h2c, h2, h3), closed or open model.",
                "Every response is verified; errors are counted by class and never as throughput."})
public final class LoadCommand implements Callable<Integer> {

    /** Exit status of a load a signal ended, as a shell reports a Ctrl-C. */
    static final int INTERRUPTED = 130;
    /** Longest a signal waits for the cut-short result to be printed and written before the JVM goes on exiting. */
    private static final Duration REPORT_BOUND = Duration.ofSeconds(10);

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "URL", converter = TargetAddress.class, description = "Target, e.g. http://127.0.0.1:8080/plaintext (loopback only unless --allow-remote).")
    String url;

    @Option(names = {"-c", "--connections"}, defaultValue = "" + LoadArgs.DEFAULT_CONNECTIONS, description = "TCP connections (default: ${DEFAULT-VALUE}).")
    int connections;

    @Option(names = {"-m", "--in-flight"}, defaultValue = "1", description = "Requests in flight per connection: h2 streams (kept at N), or HTTP/1.1 pipeline depth (between N/2 and N: "
            + "refilled once half are answered, in one write) (default: ${DEFAULT-VALUE}).")
    int inFlight;

    @Option(names = "--keep-alive", arity = "0..1", defaultValue = "true", fallbackValue = "true", paramLabel = "BOOL",
            description = "false: a new connection for every request (HTTP/1.1 only, -m 1, closed model), as ab "
                    + "without -k; each latency then includes its connect, and the document's connect section gives "
                    + "the connect times and their share of the latency (default: ${DEFAULT-VALUE}).")
    boolean keepAlive;

    @Option(names = {"-d", "--duration"}, defaultValue = LoadArgs.DEFAULT_DURATION_TEXT, converter = MeasuredLength.class, description = "Measured phase length, at least 100ms, e.g. 10s, 500ms, 2m (default: ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(names = {"-n", "--requests"}, description = "Measured phase by count instead of duration (bounded by --max-duration).")
    Long requests;

    @Option(names = "--max-duration", defaultValue = LoadArgs.DEFAULT_MAX_DURATION_TEXT, converter = OptionValues.PositiveDuration.class, description = "Bound of a measured phase by count or by "
            + "--precision (default: ${DEFAULT-VALUE}).")
    Duration maxDuration;

    @Option(names = "--precision", paramLabel = "PERCENT", converter = PercentConverter.class, description = "Measure at least --duration, then until the 95%% "
            + "interval of the mean throughput is within this percentage of it (seconds' autocorrelation taken into "
            + "account), at most --max-duration; e.g. 2 or 2%%. Default: measure exactly --duration.")
    Double precision;

    @Option(names = "--warmup", defaultValue = WarmupPolicy.AUTO, converter = Warmup.class, description = "Unrecorded warm-up: a duration, 0, or auto "
            + "(until throughput has settled and the watched JVMs have stopped compiling) (default: ${DEFAULT-VALUE}).")
    String warmup;

    @Option(names = "--warmup-max", defaultValue = WarmupPolicy.DEFAULT_MAX_TEXT, converter = OptionValues.PositiveDuration.class, description = "Bound of --warmup auto (default: ${DEFAULT-VALUE}).")
    Duration warmupMax;

    @Option(names = "--warmup-min", defaultValue = WarmupPolicy.DEFAULT_MIN_TEXT, description = "Least length of --warmup auto "
            + "(default: ${DEFAULT-VALUE}).")
    Duration warmupMin;

    @Option(names = "--warmup-watch-pid", split = ",", preprocessor = OptionValues.CommaList.class, converter = ProcessId.class, paramLabel = "PID", description = "JVMs (the targets) whose JIT "
            + "--warmup auto also waits for, read from their HotSpot counters without attaching; the injector's own "
            + "JVM is always watched (repeatable or comma-separated).")
    List<Long> watchPids = new ArrayList<>();

    @Option(names = "--rate", description = "Open model: requests per second, at most 1e9 (corrected and uncorrected latency). Default: closed model.")
    Double rate;

    @Option(names = "--protocol", converter = ProtocolName.class, description = "http1.1, h2c, h2 or h3 (HTTP/3 over QUIC: an https:// URL whose port is UDP) (default: http1.1 for http://, h2 for https://).")
    String protocol;

    @Option(names = "--method", converter = Method.class, description = "GET or POST (default: GET, POST when a body is given).")
    String method;

    @Option(names = "--body-file", description = "Request body from a file (at most 16 MiB).")
    Path bodyFile;

    @Option(names = "--body-size", description = "Request body: a generated valid JSON document of this many bytes.")
    Integer bodySize;

    @Option(names = {"-H", "--header"}, description = "Extra request header 'Name: value' (repeatable).")
    List<String> headers = new ArrayList<>();

    @Option(names = "--expect-status", defaultValue = "200", description = "Status every response must have (default: ${DEFAULT-VALUE}).")
    int expectStatus;

    @Option(names = "--expect-body", description = "Exact body every response must have.")
    String expectBody;

    @Option(names = "--expect-content-type", description = "Content-Type every response must have (parameters such as charset ignored).")
    String expectContentType;

    @Option(names = "--timeout", defaultValue = LoadArgs.DEFAULT_TIMEOUT_TEXT, converter = RequestTimeout.class, description = "Per-request timeout (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--threads", description = "Injector event loops (default: min(cores, connections); with --rate at most one per "
            + LoadArgs.OPEN_RATE_PER_LOOP + " req/s of it).")
    Integer threads;

    @Option(names = "--transport", defaultValue = "native", converter = TransportName.class, description = "native (epoll, then io_uring, then nio), epoll, io_uring or nio (default: ${DEFAULT-VALUE}).")
    String transport;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the result document (schema fluxlab.load/1).")
    Path json;

    @Option(names = "--hgrm", paramLabel = "FILE", description = "Write HdrHistogram's percentile distribution of corrected latency (ms).")
    Path hgrm;

    @Option(names = "--insecure", description = "Trust any server certificate (the lab's self-signed ones).")
    boolean insecure;

    @Option(names = "--allow-remote", description = "Permit a non-loopback target.")
    boolean allowRemote;

    @Option(names = "--progress", defaultValue = "human", converter = Progress.class, description = "human (stderr), machine (stdout lines), none (default: ${DEFAULT-VALUE}).")
    String progress;

    @Option(names = "--measure-gate", paramLabel = "FILE", description = "Start barrier of several injectors: after "
            + "the warm-up, print '" + MeasureGate.WAITING_LINE + "' and keep loading (unrecorded) until FILE exists, "
            + "then measure (the runner creates it once every injector is warm).")
    Path measureGate;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        LoadSpec load;
        ProgressListener listener;
        try {
            load = buildSpec();
            listener = progressListener(out, err);
            // a refused target before the output check, which creates the output's folder
            TargetGuard.resolve(load.host(), load.allowRemote());
            if (json != null) {
                OutputFile.checkWritable("--json", json);
                OutputFile.checkNotInput("--json", json, "the --body-file", bodyFile);
            }
            if (hgrm != null) {
                OutputFile.checkWritable("--hgrm", hgrm);
                OutputFile.checkNotInput("--hgrm", hgrm, "the --body-file", bodyFile);
                OutputFile.checkNotInput("--hgrm", hgrm, "the --json file too", json);
            }
            if (measureGate != null && Files.isDirectory(measureGate)) {
                // a folder exists already: the gate would open at once, and the injectors start apart
                throw new IllegalArgumentException("--measure-gate needs the name of a file that does not exist yet "
                        + "(the runner creates it to start every injector's measured phase), not '" + measureGate + "'");
            }
        } catch (IllegalArgumentException e) {
            return badInput(err, e);
        }
        LoadStop stop = new LoadStop();
        CountDownLatch reported = new CountDownLatch(1);
        Thread onSignal = Thread.ofPlatform().name("fluxlab-load-stop").unstarted(() -> {
            stop.request();
            try {
                reported.await(REPORT_BOUND.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Runtime.getRuntime().addShutdownHook(onSignal);
        try {
            return runAndReport(load, listener, stop, out, err);
        } finally {
            reported.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(onSignal);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: it returns now that the report is out
            }
        }
    }

    /**
     * Runs the load and prints and writes its result. A Ctrl-C or SIGTERM ({@link LoadStop}, from a shutdown hook that
     * waits for this) ends the measured phase where it is and the part that ran is reported, marked interrupted, with
     * exit status 130; before the measured phase there is nothing to report.
     */
    private int runAndReport(LoadSpec load, ProgressListener listener, LoadStop stop, PrintWriter out, PrintWriter err) {
        LoadOutcome outcome;
        try {
            outcome = LoadGenerator.run(load, listener, measureGate == null ? null : new MeasureGate(measureGate), stop);
        } catch (IllegalArgumentException e) {
            // refused target or unavailable transport: bad input, detected before any connection
            return badInput(err, e);
        } catch (LoadFailure e) {
            err.println("fluxlab load: " + e.getMessage());
            err.flush();
            return stop.requested() ? INTERRUPTED : 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("fluxlab load: interrupted");
            err.flush();
            return INTERRUPTED;
        }
        out.print(HumanReport.format(outcome));
        out.flush();
        Path writing = json;
        try {
            if (json != null) {
                OutputFile.writeAtomically(json, Json.write(outcome.result()));
            }
            writing = hgrm;
            if (hgrm != null) {
                OutputFile.writeAtomically(hgrm, HumanReport.hgrm(outcome));
            }
        } catch (IOException e) {
            err.println("fluxlab load: the load ran but " + writing + " could not be written (" + e.getMessage()
                    + "); the summary above is all that is left of it");
            err.flush();
            return 1;
        }
        return stop.requested() ? INTERRUPTED : 0;
    }

    private int badInput(PrintWriter err, IllegalArgumentException e) {
        err.println("fluxlab load: " + e.getMessage() + " (see fluxlab load --help)");
        err.flush();
        return spec.commandLine().getCommandSpec().exitCodeOnInvalidInput();
    }

    private LoadSpec buildSpec() {
        LoadSpec.Builder b = LoadSpec.builder(url)
                .protocol(protocol)
                .connections(connections)
                .inFlight(inFlight)
                .keepAlive(keepAlive)
                .threads(threads)
                .maxDuration(maxDuration)
                .precision(precision == null ? null : precision / 100)
                .warmupMax(warmupMax)
                .warmupMin(warmupMin)
                .rate(rate)
                .expectStatus(expectStatus)
                .expectContentType(expectContentType)
                .timeout(timeout)
                .insecure(insecure)
                .allowRemote(allowRemote)
                .transport(transport);
        if (requests != null) {
            CommandLine.ParseResult given = spec.commandLine().getParseResult();
            if (given != null && given.hasMatchedOption("--duration")) {
                throw new IllegalArgumentException("--duration and --requests each decide when the measured phase "
                        + "ends; give one of them");
            }
            b.requests(requests);
        } else {
            b.duration(duration);
        }
        if (warmup.equals(WarmupPolicy.AUTO)) {
            b.warmupAuto();
        } else {
            CommandLine.ParseResult given = spec.commandLine().getParseResult();
            for (String bound : List.of("--warmup-min", "--warmup-max")) {
                if (given != null && given.hasMatchedOption(bound)) {
                    throw new IllegalArgumentException(bound + " bounds an automatic warm-up (--warmup auto), and "
                            + "--warmup " + warmup.trim() + " is a fixed one: leave " + bound + " out");
                }
            }
            b.warmup(Durations.parse(warmup));
        }
        watchPids.forEach(b::watchPid);
        if (bodyFile != null && bodySize != null) {
            throw new IllegalArgumentException("--body-file and --body-size are exclusive: give one of them");
        }
        boolean hasBody = false;
        if (bodyFile != null) {
            String type = bodyFile.toString().endsWith(".json") ? "application/json" : "application/octet-stream";
            b.body(readBody(bodyFile), type);
            hasBody = true;
        } else if (bodySize != null) {
            b.body(LoadSpec.jsonBody(bodySize), "application/json");
            hasBody = true;
        }
        b.method(method != null ? method : hasBody ? "POST" : "GET");
        for (String h : headers) {
            int colon = h.indexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException("invalid header '" + h + "': use -H 'Name: value'");
            }
            b.header(h.substring(0, colon).trim(), h.substring(colon + 1).trim());
        }
        if (expectBody != null) {
            b.expectBody(expectBody.getBytes(StandardCharsets.UTF_8));
        }
        return b.build();
    }

    /** The file's bytes, at most {@link LoadSpec#MAX_BODY} of them read: a device such as /dev/zero never ends. */
    private static byte[] readBody(Path file) {
        if (Files.isDirectory(file)) {
            throw new IllegalArgumentException("--body-file " + file + " is a folder; give a file");
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            // a pipe with no writer blocks its reader for ever, a device may never end
            throw new IllegalArgumentException("--body-file " + file + " is not a regular file (a device or a pipe); "
                    + "save the body to a file and give that");
        }
        String tooLarge = "--body-file " + file + " holds more than " + LoadSpec.MAX_BODY
                + " bytes (16 MiB), the largest request body fluxlab sends";
        try {
            if (Files.isRegularFile(file) && Files.size(file) > LoadSpec.MAX_BODY) {
                throw new IllegalArgumentException(tooLarge);
            }
            try (InputStream in = Files.newInputStream(file)) {
                byte[] body = in.readNBytes(LoadSpec.MAX_BODY + 1);
                if (body.length > LoadSpec.MAX_BODY) {
                    throw new IllegalArgumentException(tooLarge);
                }
                return body;
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("--body-file " + file + " cannot be read ("
                    + (e instanceof NoSuchFileException ? "no such file" : e.getMessage()) + ")");
        }
    }

    private ProgressListener progressListener(PrintWriter out, PrintWriter err) {
        return switch (progress) {
            case "none" -> ProgressListener.NONE;
            case "machine" -> new ProgressListener() {
                @Override
                public void onSecond(String phase, int t, long ok, long errors, double rps) {
                    out.println(HumanReport.machineProgress(phase, t, ok, errors, rps));
                    out.flush();
                }

                @Override
                public void measureEnded(int seconds) {
                    onSecond(ProgressLine.END_PHASE, seconds, 0, 0, 0);
                }
            };
            case "human" -> (phase, t, ok, errors, rps) -> {
                err.println(String.format(Locale.ROOT, "  %-7s t=%3ds  %,10.0f req/s  errors %d", phase, t, rps, errors));
                err.flush();
            };
            default -> throw new IllegalStateException("--progress " + progress); // Progress lists them
        };
    }

    /** {@code --transport}, read as a suite's transport knob is ({@link dev.fluxlab.model.transport.Transport}). */
    static final class TransportName extends OptionValues.Parsing<String> {
        TransportName() {
            super(value -> dev.fluxlab.model.transport.Transport.of(value).label());
        }
    }

    /** {@code --protocol}: one of the protocols the injector speaks ({@link dev.fluxlab.model.http.WireProtocol}). */
    static final class ProtocolName extends OptionValues.Parsing<String> {
        ProtocolName() {
            super(value -> dev.fluxlab.model.http.WireProtocol.of(value).label());
        }
    }

    /**
     * {@code --duration}: at least {@link LoadSpec#MIN_DURATION}, the bound {@link LoadSpec} holds every measured
     * phase by duration to, here said in the option's frame when the command line is read.
     */
    static final class MeasuredLength extends OptionValues.DurationAtLeast {
        MeasuredLength() {
            super(LoadSpec.MIN_DURATION, " (a shorter window measures neither a rate nor the injector's CPU)");
        }
    }

    /** {@code --timeout}: at least {@link dev.fluxlab.model.contract.LoadLimits#MIN_TIMEOUT}, as {@link LoadSpec} holds it. */
    static final class RequestTimeout extends OptionValues.DurationAtLeast {
        RequestTimeout() {
            super(dev.fluxlab.model.contract.LoadLimits.MIN_TIMEOUT, "");
        }
    }

    /**
     * {@code --warmup-watch-pid}: a whole number that can be a process id here, 1 to the kernel's
     * {@code /proc/sys/kernel/pid_max}: 99999999999 was taken, and the load then said the JVM's "counters not readable",
     * as if a JVM had been there.
     */
    static final class ProcessId implements CommandLine.ITypeConverter<Long> {
        private static final Path PID_MAX = Path.of("/proc/sys/kernel/pid_max");

        @Override
        public Long convert(String text) {
            long pid = OptionValues.wholeLong(text);
            long max = pidMax();
            if (pid < 1 || pid > max) {
                throw new OptionValues.Refused("'" + text + "' cannot be a process id: they run from 1"
                        + (max == Long.MAX_VALUE ? "" : " to " + max + " here (" + PID_MAX + ")")
                        + "; give the pid of a running JVM, e.g. from jps");
            }
            return pid;
        }

        /**
         * The largest process id this kernel gives; no bound where it does not say (not Linux). Read by lines:
         * Files.readString of this sysctl file, whose size reads 0, returned its first byte only ("3" for 32768).
         */
        static long pidMax() {
            try {
                return Long.parseLong(Files.readAllLines(PID_MAX).getFirst().strip());
            } catch (IOException | RuntimeException e) {
                return Long.MAX_VALUE;
            }
        }
    }

    /**
     * The URL: its form ({@link LoadSpec#checkUrl}) is read with the command line and refused in the frame; whether its
     * host resolves, and to a loopback address unless {@code --allow-remote}, is asked when the command runs.
     */
    static final class TargetAddress extends OptionValues.Parsing<String> {
        TargetAddress() {
            super(url -> {
                LoadSpec.checkUrl(url);
                return url;
            });
        }
    }

    /** {@code 2} or {@code 2%}, as a suite's {@code precision} takes it: the number of percent. */
    static final class PercentConverter implements CommandLine.ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            Double fraction = dev.fluxlab.model.suite.SuiteSettings.parsePercent(value);
            if (fraction == null) {
                throw new OptionValues.Refused("'" + value + "' is not a percentage; give e.g. 2 or 2%");
            }
            return fraction * 100;
        }
    }
}
