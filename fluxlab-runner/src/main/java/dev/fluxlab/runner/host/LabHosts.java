package dev.fluxlab.runner.host;

import dev.fluxlab.model.LabAddresses;
import dev.fluxlab.model.run.RunHost;
import dev.fluxlab.model.suite.SuiteHost;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The suite's hosts for one run, made ready before any cell: each is checked ({@link HostCheck}: reachable in batch
 * mode, known host key, Java 21+, clock offset), gets fluxlab's classpath ({@link JarShipper}: only what changed) and
 * an observation agent. All hosts are prepared in parallel; the first failure is the one error of the run, and what
 * was started on the others is ended. {@link #close} ends the agents, removes the run's files on the hosts (they have
 * been brought back) and the shared connections.
 */
public final class LabHosts implements AutoCloseable {

    /** JVM options of the agent: small and cheap, it only reads /proc. */
    static final List<String> AGENT_JVM = List.of("-Xmx32m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    /** Clock probes over an agent's session: before the first cell, and for each repeat of several injectors. */
    public static final int CLOCK_PROBES = 8;

    private final Map<String, LabHost> hosts;

    private LabHosts(Map<String, LabHost> hosts) {
        this.hosts = hosts;
    }

    /** No hosts: every role runs on the runner's machine. */
    public static LabHosts none() {
        return new LabHosts(Map.of());
    }

    /**
     * Prepares {@code declared} (suite name to entry) for the run whose results folder is {@code runDir}.
     *
     * @param classpath the runner's classpath (shipped as it is; class directories packed)
     * @param mainClass fluxlab's main class, for the agent
     * @param say       one line per notable step (what was shipped; a single line when nothing was)
     * @throws HostException naming the host and the fix, after ending what was started
     */
    public static LabHosts prepare(Map<String, SuiteHost> declared, String classpath, String mainClass, Path runDir,
                                   Consumer<String> say) {
        if (declared.isEmpty()) {
            return none();
        }
        Path tmp;
        try {
            tmp = Files.createTempDirectory("fluxlab-ship");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, LabHost> ready = new LinkedHashMap<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Path> files = ClasspathBundle.files(classpath, tmp);
            Map<String, Future<LabHost>> jobs = new LinkedHashMap<>();
            declared.forEach((name, h) -> jobs.put(name, pool.submit(() -> prepare(name, h, files, mainClass, runDir))));
            HostException failure = null;
            for (Map.Entry<String, Future<LabHost>> j : jobs.entrySet()) {
                try {
                    ready.put(j.getKey(), j.getValue().get());
                } catch (ExecutionException e) {
                    if (failure == null) {
                        failure = e.getCause() instanceof HostException he ? he
                                : new HostException("host '" + j.getKey() + "': " + e.getCause().getMessage());
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    failure = new HostException("interrupted while preparing host '" + j.getKey() + "'");
                }
            }
            LabHosts all = new LabHosts(ready);
            if (failure != null) {
                all.close();
                throw failure;
            }
            say.accept(all.shipSummary());
            return all;
        } finally {
            deleteQuietly(tmp);
        }
    }

    private static LabHost prepare(String name, SuiteHost h, List<Path> files, String mainClass, Path runDir) {
        HostSpec spec = new HostSpec(h.ssh(), h.sshConfig() == null ? null : Path.of(h.sshConfig()), h.jdk(),
                h.workDir(), null);
        SshHost ssh = SshHost.of(spec);
        HostFacts facts = HostCheck.check(ssh);
        ShipReport shipped = JarShipper.ship(ssh, files);
        String cp = ClasspathBundle.remote(files, spec.workDir());
        String remoteRun = spec.workDir() + "/runs/" + remoteRunName(runDir);
        // emptied first: a runner killed with SIGKILL leaves its files there (a resumed cell's start gate file among
        // them, which had released that host's injectors before the others); the folder's lock is held by now
        ssh.run(Duration.ofSeconds(30), "rm -rf " + ShellWords.quote(remoteRun) + " && mkdir -p "
                + ShellWords.quote(remoteRun)).requireOk(ssh, "create " + remoteRun);
        List<String> agentArgv = new ArrayList<>(List.of(facts.javaCommand()));
        agentArgv.addAll(AGENT_JVM);
        agentArgv.addAll(List.of("-cp", cp, mainClass, "agent"));
        HostAgent agent = HostAgent.start(ssh, name, agentArgv, facts.clock());
        // the check's probes each pay a new ssh client; the agent's answer over its open session bounds it tighter
        facts = facts.withClock(facts.clock().better(agent.probeClock(CLOCK_PROBES).orElse(null)));
        return new LabHost(name, ssh, h.bindAddress(), facts, shipped, cp, runDir.toAbsolutePath(), remoteRun, agent);
    }

    /**
     * The name of the run's folder on a host: the results folder's name and 8 hex digits of its absolute path's
     * SHA-256, so two results folders of one name (two clones' {@code run1}) never share, and clear, one folder
     * there, while a {@code --resume} of the same folder finds, and clears, what a killed run left.
     */
    static String remoteRunName(Path runDir) {
        try {
            byte[] h = java.security.MessageDigest.getInstance("SHA-256").digest(runDir.toAbsolutePath().normalize()
                    .toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return runDir.getFileName() + "-" + java.util.HexFormat.of().formatHex(h, 0, 4);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** One line when nothing was shipped anywhere, else one line per host. */
    String shipSummary() {
        if (hosts.values().stream().allMatch(h -> h.shipped().shipped() == 0)) {
            int files = hosts.values().iterator().next().shipped().upToDate();
            return "hosts: nothing to ship, fluxlab's " + files + " files are up to date on " + String.join(", ",
                    hosts.keySet());
        }
        return hosts.values().stream().map(h -> h.shipped().message().replace("host '" + h.ssh().name() + "'",
                "host '" + h.name() + "'")).collect(Collectors.joining("\n"));
    }

    /** What results.json records of each host (null when there are none): facts, clock, shipping, agent cost. */
    public List<RunHost> records() {
        if (hosts.isEmpty()) {
            return null;
        }
        return hosts.values().stream().map(h -> new RunHost(h.name(), h.ssh().name(), h.address(),
                h.facts().javaVersionLine(), h.facts().onlineCpus().toString(), h.facts().clock().offsetMicros(),
                h.facts().clock().uncertaintyMicros(), h.shipped().shipped(), h.shipped().upToDate(),
                h.agent().cpuCores().map(c -> Math.round(c * 10_000) / 10_000.0).orElse(null))).toList();
    }

    /** The host named {@code name} in the suite; null for none (the runner's machine). */
    public LabHost get(String name) {
        return name == null ? null : hosts.get(name);
    }

    public Map<String, LabHost> all() {
        return hosts;
    }

    public boolean isEmpty() {
        return hosts.isEmpty();
    }

    /**
     * The JVM option every process of a run with hosts gets, the hosts' addresses ({@link LabAddresses#PROPERTY}), or
     * null without hosts: on the command line, where a user's shell cannot put it by accident.
     */
    public String addressesOption() {
        return hosts.isEmpty() ? null : "-D" + LabAddresses.PROPERTY + "="
                + hosts.values().stream().map(LabHost::address).collect(Collectors.joining(","));
    }

    /**
     * Stops every host's agent and removes the run's folder there, host by host: also on the thread a Ctrl-C or
     * SIGTERM interrupted (its interrupt is set aside meanwhile and restored after), and past a host that fails, so that
     * one unreachable host leaves only its own folder behind (a SIGTERM had stopped the clean-up at the first host,
     * leaving every host's run folder, and ended the run with "nothing was started").
     */
    @Override
    public void close() {
        boolean interrupted = Thread.interrupted();
        try {
            for (LabHost h : hosts.values()) {
                try {
                    h.agent().close();
                    h.ssh().run(Duration.ofSeconds(30), "rm -rf " + ShellWords.quote(h.remoteRun()));
                } catch (HostException e) {
                    // this host keeps its run folder; the others are still cleaned
                } finally {
                    h.ssh().close();
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void deleteQuietly(Path dir) {
        try (var s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary folder left behind
        }
    }
}
