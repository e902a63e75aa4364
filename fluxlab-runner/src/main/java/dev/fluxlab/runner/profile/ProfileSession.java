package dev.fluxlab.runner.profile;

import dev.fluxlab.model.profile.CollapsedStacks;
import dev.fluxlab.model.profile.ProfileMode;
import dev.fluxlab.model.run.ProcessProfile;
import dev.fluxlab.runner.drive.ProgressWatch;
import dev.fluxlab.runner.process.ChildProcess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The profiler of one profiled repeat. Every JVM the repeat starts gets async-profiler's library at start-up, idle
 * ({@link #jvmOptions(String)}); when the measured window opens (the injector's first measure line) each is told to
 * start sampling, when it closes (the injector's end line, else the load's end) to stop and write its collapsed stacks
 * and flame graph. Commands go through the attach API on a thread of their own, so the load's output is never held
 * up. A JVM that has ended by then has written its collapsed stacks itself (async-profiler dumps on exit) but no
 * flame graph. {@code jfr} adds the JDK's Flight Recorder from start-up, cut to the measured window afterwards
 * ({@link JfrWindow}): starting a recording inside the window costs seconds of the JVM's time, cutting it costs none.
 *
 * <p>A suite's own command ({@link ChildProcess#isCommand()}) starts its JVM itself, so it gets no library at start-up:
 * when the window opens the HotSpot JVM of its process tree ({@link ChildProcess#jvmPid()}, found by its hsperfdata
 * file as the JIT watch finds it) is attached and the library loaded into it then (async-profiler's dynamic attach),
 * with the same commands after. A tree without such a JVM gets a profile entry saying so, never none; {@code jfr} adds
 * no recording there (the recorder is started with the JVM), which its entry says too.
 */
public final class ProfileSession implements ProgressWatch.Window {

    /** Frames shown per process (report, summary.md, results.json). */
    public static final int TOP_FRAMES = 10;
    /** Sampling interval of the timer-based CPU events (async-profiler's default). */
    static final String CPU_INTERVAL = "10ms";
    /** Sampling interval of {@code wall}: every thread, idle ones too, so sampled less often than CPU. */
    static final String WALL_INTERVAL = "50ms";

    private final ProfileMode mode;
    private final ProfilerLibrary library;
    private final Path runDir;
    private final Path cellDir;
    private final Supplier<List<ChildProcess>> processes;
    private final Set<String> given = ConcurrentHashMap.newKeySet();
    private final Map<String, Started> started = new ConcurrentHashMap<>();
    private final Map<String, String> problems = new ConcurrentHashMap<>();
    private final ExecutorService control = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "fluxlab-profiler");
        t.setDaemon(true);
        return t;
    });
    private volatile boolean opened;
    private volatile boolean closed;
    private volatile Instant openedAt;
    private volatile Instant closedAt;

    private final Map<String, Instant> stopped = new ConcurrentHashMap<>();

    /** Where the profiler samples: {@code pid} is the process's own, or the JVM of a command's tree. */
    private record Started(ChildProcess process, long pid, String event, Instant at) {
    }

    /** The profile entry of a command whose process tree has no HotSpot JVM when the measured window opens. */
    static final String NO_JVM = "not profiled: no process of the command's tree is a HotSpot JVM (none publishes "
            + "/tmp/hsperfdata_<user>/<pid>; a JVM started with -XX:-UsePerfData is not found either), and "
            + "async-profiler attaches to HotSpot JVMs only";
    /** What a {@code jfr} profile of a command lacks. */
    static final String NO_JFR = "no Flight Recorder recording: fluxlab starts the recorder with the JVMs it starts, "
            + "and the command starts its JVM itself (add -XX:StartFlightRecording to your command); the CPU profile "
            + "was taken by attaching";

    /**
     * @param library   a library that passed {@link ProfilerLibrary#check()}
     * @param processes the repeat's running children (the sampler's), looked up when the window opens
     */
    public ProfileSession(ProfileMode mode, ProfilerLibrary library, Path runDir, Path cellDir,
                          Supplier<List<ChildProcess>> processes) {
        this.mode = mode;
        this.library = library;
        this.runDir = runDir;
        this.cellDir = cellDir;
        this.processes = processes;
    }

    public ProfileMode mode() {
        return mode;
    }

    /**
     * The JVM options of a process this repeat starts on suite host {@code host} (null: this machine). A process on a
     * suite host gets none, and its profile says why: the library path and the attach API are this machine's (the
     * runner had attached to the local ssh client's PID and sent a local library path to the host).
     */
    public List<String> jvmOptions(String process, String host) {
        if (host == null) {
            return jvmOptions(process);
        }
        given.add(process);
        problems.put(process, remoteProblem(host));
        return List.of();
    }

    /** The profile entry of a process on suite host {@code host}. */
    static String remoteProblem(String host) {
        return "not profiled: it runs on suite host '" + host + "', and fluxlab profiles only the JVMs of the machine it "
                + "runs on";
    }

    /** The JVM options of a process this repeat starts: the library loaded idle, and for {@code jfr} the recorder. */
    public List<String> jvmOptions(String process) {
        given.add(process);
        List<String> out = new ArrayList<>(List.of("-agentpath:" + library.file()));
        if (mode == ProfileMode.JFR) {
            out.addAll(JfrWindow.options(lifeRecording(process), cellDir.resolve(process + "-jfr-repository")));
        }
        return out;
    }

    @Override
    public void opened() {
        if (!opened) {
            opened = true;
            control.execute(this::startAll);
        }
    }

    @Override
    public void closed() {
        if (opened && !closed) {
            closed = true;
            control.execute(this::stopAll);
        }
    }

    /** Stops whatever still samples (the load ended without an end line) and waits for the commands to finish. */
    public void finishWindow() throws InterruptedException {
        closed();
        control.shutdown();
        if (!control.awaitTermination(60, TimeUnit.SECONDS)) {
            control.shutdownNow();
        }
    }

    private void startAll() {
        openedAt = Instant.now();
        for (ChildProcess c : processes.get()) {
            if (c.isRemoteCommand()) {
                // a suite's command on a host: its JVM is the host's, which this machine's attach API cannot reach
                given.add(c.name());
                problems.putIfAbsent(c.name(), remoteProblem(c.host()));
            }
        }
        if (closed) {
            // the injector's first measure line came with its end (a 1 s measured phase): sampling now would take the
            // stop, not the window
            for (ChildProcess c : processes.get()) {
                if (given.contains(c.name()) || c.isCommand()) {
                    problems.putIfAbsent(c.name(), "not profiled: the measured window had ended before the profiler "
                            + "could start (it starts at the injector's first measured second; measure at least 2 s)");
                }
            }
            return;
        }
        for (ChildProcess c : processes.get()) {
            if (c.isRemoteCommand()) {
                continue; // said when the window opened
            }
            if (c.isCommand()) {
                given.add(c.name()); // its JVM is attached now, not given the library at start-up
            }
            if (!given.contains(c.name()) || started.containsKey(c.name()) || problems.containsKey(c.name())
                    || !c.isAlive()) {
                continue;
            }
            java.util.Optional<Long> jvm = c.jvmPid();
            if (jvm.isEmpty()) {
                problems.put(c.name(), NO_JVM);
                continue;
            }
            String failure = null;
            for (String event : events()) {
                try {
                    AgentCommands.send(jvm.get(), library.file(), "start,event=" + event + interval(event)
                            + ",file=" + collapsed(c.name()) + ",collapsed");
                    started.put(c.name(), new Started(c, jvm.get(), event, Instant.now()));
                    failure = null;
                    break;
                } catch (Exception e) {
                    failure = event + ": " + message(e);
                }
            }
            if (failure != null) {
                problems.put(c.name(), "the profiler did not start (" + failure + ")");
            }
        }
    }

    private void stopAll() {
        closedAt = Instant.now();
        for (Started s : started.values()) {
            String name = s.process().name();
            try {
                Instant at = Instant.now();
                AgentCommands.send(s.pid(), library.file(), "stop,file=" + collapsed(name) + ",collapsed");
                stopped.put(name, at);
                AgentCommands.send(s.pid(), library.file(), "flamegraph,file=" + flameGraph(name)
                        + ",title=" + name + " " + mode.label());
            } catch (Exception e) {
                problems.putIfAbsent(name, "the profiler was not stopped before the process ended (" + message(e)
                        + "): only the stacks it wrote at its own exit remain (none when it was killed), without a "
                        + "flame graph");
            }
        }
    }

    /** The interval option of {@code event}; allocation and lock events keep async-profiler's thresholds. */
    private static String interval(String event) {
        return event.endsWith("timer") ? ",interval=" + CPU_INTERVAL
                : event.equals("wall") ? ",interval=" + WALL_INTERVAL : "";
    }

    /** Timer-based CPU sampling first: perf events need {@code kernel.perf_event_paranoid} <= 1, which is rare. */
    private List<String> events() {
        return switch (mode) {
            case CPU, JFR -> List.of("ctimer", "itimer");
            case WALL -> List.of("wall");
            case ALLOC -> List.of("alloc");
            case LOCK -> List.of("lock");
        };
    }

    /**
     * Each process's profile, once the repeat's processes have been stopped (a {@code jfr} recording is written at
     * exit): files relative to the results folder, the top self-time frames from the collapsed stacks.
     */
    public List<ProcessProfile> results() {
        Map<String, ProcessProfile> out = new LinkedHashMap<>();
        for (ChildProcess c : processes.get()) {
            String name = c.name();
            if (!(given.contains(name) || c.isCommand()) || out.containsKey(name)) {
                continue;
            }
            Started s = started.get(name);
            if (c.isCommand() && mode == ProfileMode.JFR && s != null) {
                problems.putIfAbsent(name, NO_JFR);
            }
            String jfr = mode == ProfileMode.JFR && !c.isCommand() ? cutJfr(name) : null; // adds its own problems
            String problem = problems.get(name);
            if (s == null && problem == null) {
                problem = opened ? "the process was not running when the measured window opened"
                        : "the measured window never opened";
            }
            Path collapsed = collapsed(name);
            Path html = flameGraph(name);
            CollapsedStacks stacks = null;
            if (Files.isRegularFile(collapsed)) {
                try {
                    stacks = CollapsedStacks.read(collapsed);
                } catch (IOException e) {
                    problem = problem == null ? "its collapsed stacks are unreadable: " + e.getMessage() : problem;
                }
            }
            if (stacks != null && stacks.total() == 0 && problem == null) {
                problem = "the profiler took no samples in the measured window";
            }
            out.put(name, new ProcessProfile(name, c.role(), s == null ? null : s.event(),
                    Files.isRegularFile(html) ? rel(html) : null, stacks == null ? null : rel(collapsed), jfr,
                    stacks == null ? null : stacks.total(), stacks == null ? List.of() : stacks.top(TOP_FRAMES),
                    problem, sampledSeconds(s, stopped.get(name))));
        }
        return List.copyOf(out.values());
    }

    /** Seconds from the profiler's start in a process to its stop, to the millisecond; null without both. */
    private static Double sampledSeconds(Started s, Instant stop) {
        return s == null || stop == null ? null : Duration.between(s.at(), stop).toMillis() / 1000.0;
    }

    private String cutJfr(String process) {
        Path life = lifeRecording(process);
        Path out = cellDir.resolve(process + "-jfr.jfr");
        try {
            if (openedAt == null || closedAt == null || !Files.isRegularFile(life)) {
                problems.putIfAbsent(process, "no Flight Recorder recording of the measured window");
                return null;
            }
            JfrWindow.cut(life, out, openedAt, closedAt);
            return rel(out);
        } catch (IOException e) {
            problems.putIfAbsent(process, "its Flight Recorder recording could not be cut: " + e.getMessage());
            return null;
        } finally {
            JfrWindow.deleteQuietly(life, cellDir.resolve(process + "-jfr-repository"));
        }
    }

    private Path lifeRecording(String process) {
        return cellDir.resolve(process + "-jfr-life.jfr");
    }

    private Path collapsed(String process) {
        return cellDir.resolve(process + "-" + mode.label() + ".collapsed");
    }

    private Path flameGraph(String process) {
        return cellDir.resolve(process + "-" + mode.label() + ".html");
    }

    private String rel(Path p) {
        return runDir.relativize(p).toString();
    }

    private static String message(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
