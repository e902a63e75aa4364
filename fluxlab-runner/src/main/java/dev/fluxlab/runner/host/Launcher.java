package dev.fluxlab.runner.host;

import dev.fluxlab.model.run.ProcessStats;
import dev.fluxlab.runner.process.JdkFlags;
import dev.fluxlab.runner.process.ChildProcess;
import dev.fluxlab.runner.process.Supervisor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Starts a run's child processes where the suite places them: on the runner's machine as they are, or on a suite host
 * ({@link LabHost}) with the same command line translated for it. The translation is one rule per kind of word: the
 * runner's {@code java} becomes the host's, the runner's classpath the shipped one, a target's {@code --host} its
 * host's address, and every path under the results folder the same path under the host's run folder; such files that
 * exist at the start (a request body) are copied there first, the others (GC log, load document) are brought back
 * once the process has ended. {@code --sun-misc-unsafe-memory-access}, known from JDK 23, is dropped for an older JDK
 * there.
 */
public final class Launcher {

    private final String java;
    private final String classpath;
    private volatile LabHosts hosts = LabHosts.none();
    private volatile Path runDir;
    private volatile HostClasspaths classpaths = HostClasspaths.none();
    private volatile HostTools tools = HostTools.none();
    private volatile HostCommands commands = HostCommands.none();

    /** {@code java} and {@code classpath}: what the runner's own command lines use for children. */
    public Launcher(String java, String classpath) {
        this.java = java;
        this.classpath = classpath;
    }

    /** The hosts of the run about to start in {@code runDir} (none: every process runs here). */
    public void use(LabHosts hosts, Path runDir) {
        this.hosts = hosts;
        this.runDir = runDir.toAbsolutePath();
    }

    /**
     * What the run's hosts carry beyond fluxlab's own classpath: the other classpaths shipped there (targets of their
     * own classpath, Gatling), put in place of the local ones on the command lines that run there, and the native
     * load tools found there ({@link #toolPath}).
     */
    public void equip(HostClasspaths classpaths, HostTools tools) {
        this.classpaths = classpaths;
        this.tools = tools;
    }

    /** The suite's own commands placed on the run's hosts, as the check before the first cell found them there. */
    public void equip(HostCommands commands) {
        this.commands = commands;
    }

    /** A free TCP port on {@code host} now (a suite host: {@link HostCommands#freePort}). */
    public int freePort(String host) {
        LabHost h = hosts.get(host);
        if (h == null) {
            throw new HostException("host '" + host + "' was not prepared for this run");
        }
        return HostCommands.freePort(h);
    }

    /**
     * Starts a suite's own command on suite host {@code host} in its working folder there, found by the check
     * ({@link HostCommands}), in a process group of its own stopped by {@code signal}, SIGKILL {@code grace} later
     * ({@link LabHost#startCommand}); its command line, folder and environment go beside {@code log}.
     */
    public ChildProcess startCommandOn(String host, String role, String name, String target, List<String> command,
                                       Map<String, String> env, Path log, Supervisor supervisor, String signal,
                                       java.time.Duration grace) throws IOException {
        LabHost h = hosts.get(host);
        if (h == null) {
            throw new HostException("host '" + host + "' was not prepared for this run");
        }
        String cwd = commands.folder(host, target).orElseThrow(() -> new HostException("host '" + host
                + "': command target '" + target + "' was not looked for there before the run; this is a bug of "
                + "fluxlab's host check"));
        StringBuilder text = new StringBuilder("# the suite's own command, on host '" + host + "' (ssh "
                + h.ssh().name() + ") in " + cwd + ", its process group stopped by SIG" + signal
                + " then SIGKILL after " + Math.max(1, (grace.toMillis() + 999) / 1000) + " s\n");
        env.forEach((k, v) -> text.append("# with ").append(k).append('=').append(v).append('\n'));
        Files.writeString(commandFile(log), text + ShellWords.line(command) + "\n");
        return h.startCommand(role, name, command, cwd, env, log, supervisor, signal, grace);
    }

    /**
     * Where {@code executable} is on {@code host}, as the check before the first cell found it.
     *
     * @throws HostException when it was not looked for there (a cell the check did not see)
     */
    public String toolPath(String host, String executable) {
        return tools.path(host, executable).orElseThrow(() -> new HostException("host '" + host + "': the load tool "
                + executable + " was not looked for there before the run; this is a bug of fluxlab's host check"));
    }

    /**
     * Brings back the folder a process on {@code host} wrote at {@code local}'s place (Gatling's report); false when
     * it is not there. A no-op returning true for this machine.
     */
    public boolean fetchFolder(String host, Path local) throws IOException, InterruptedException {
        LabHost h = hosts.get(host);
        return h == null || RemoteFolder.fetch(h, local);
    }

    /** The address a process on {@code host} (null: this machine) binds and is reached at. */
    public String address(String host) {
        LabHost h = hosts.get(host);
        return h == null ? "127.0.0.1" : h.address();
    }

    /**
     * The clock of {@code host} minus this machine's in microseconds (0 here): as measured before the first cell, or,
     * after a jump of either clock, as its agent's rounds show it since ({@link ClockWatch}).
     */
    public long clockOffsetMicros(String host) {
        LabHost h = hosts.get(host);
        return h == null ? 0 : h.agent().clock().offsetMicros();
    }

    /**
     * The clock of {@code host} minus this machine's measured now, with its bound ({@link ClockOffset#LOCAL} here):
     * probed over the host's agent session ({@link HostAgent#probeClock}); when the agent does not answer, the offset
     * followed through the run ({@link #clockOffsetMicros}) with the bound measured before the first cell.
     */
    public ClockOffset clockNow(String host) {
        LabHost h = hosts.get(host);
        if (h == null) {
            return ClockOffset.LOCAL;
        }
        return h.agent().probeClock(LabHosts.CLOCK_PROBES).orElseGet(() -> new ClockOffset(
                h.agent().clock().offsetMicros(), h.facts().clock().uncertaintyMicros()));
    }

    /**
     * Starts {@code command} (a command line for this machine) on {@code host}, null for this machine. The command
     * goes beside the log ({@link #commandFile}): the line as this machine would run it, and for a host also the
     * line that ran there.
     *
     * @throws HostException when {@code host} is not one of the run's hosts, or a file cannot be copied there
     */
    public ChildProcess start(String host, String role, String name, List<String> command, Path log,
                              Consumer<String> listener, Supervisor supervisor) throws IOException {
        command = withAddresses(command);
        if (host == null) {
            return startHere(role, name, command, log, listener, supervisor, false);
        }
        String text = ShellWords.line(command) + "\n";
        LabHost h = hosts.get(host);
        if (h == null) {
            throw new HostException("host '" + host + "' was not prepared for this run");
        }
        Map<String, Path> bringBack = new LinkedHashMap<>();
        List<String> remote = translate(h, command, ProcessStats.TARGET.equals(role), bringBack);
        Files.writeString(commandFile(log), text + "# on host '" + host + "' (ssh " + h.ssh().name() + ") it ran as:\n"
                + ShellWords.line(remote) + "\n");
        return h.start(role, name, remote, Map.of(), log, listener, supervisor, bringBack);
    }

    /**
     * Starts {@code command} on this machine with its standard input a pipe the runner writes to (the kept
     * injector's jobs); its command line goes beside {@code log} as for {@link #start}.
     */
    public ChildProcess startFed(String role, String name, List<String> command, Path log, Supervisor supervisor)
            throws IOException {
        return startHere(role, name, withAddresses(command), log, null, supervisor, true);
    }

    /**
     * Starts a suite's own command on this machine ({@link ChildProcess#startCommand}) in {@code cwd} with {@code env}
     * added; its command line, folder and added environment go beside {@code log} as for {@link #start}.
     */
    public ChildProcess startCommand(String role, String name, List<String> command, Path cwd, Map<String, String> env,
                                     Path log, Supervisor supervisor, String signal, java.time.Duration grace)
            throws IOException {
        StringBuilder text = new StringBuilder("# the suite's own command, in " + cwd + ", stopped by SIG" + signal
                + " then SIGKILL after " + grace.toMillis() + " ms\n");
        env.forEach((k, v) -> text.append("# with ").append(k).append('=').append(v).append('\n'));
        Files.writeString(commandFile(log), text + ShellWords.line(command) + "\n");
        return ChildProcess.startCommand(role, name, command, cwd, env, log, null, supervisor, signal, grace);
    }

    /**
     * {@code command} with the run's hosts' addresses ({@link LabHosts#addressesOption()}) right after the runner's
     * {@code java}; as it is without hosts, or when it runs no JVM of the runner's.
     */
    List<String> withAddresses(List<String> command) {
        String option = hosts.addressesOption();
        int at = command.indexOf(java);
        if (option == null || at < 0) {
            return command;
        }
        List<String> out = new ArrayList<>(command);
        out.add(at + 1, option);
        return out;
    }

    private ChildProcess startHere(String role, String name, List<String> command, Path log, Consumer<String> listener,
                                   Supervisor supervisor, boolean fed) throws IOException {
        Files.writeString(commandFile(log), ShellWords.line(command) + "\n");
        return ChildProcess.start(role, name, command, log, listener, supervisor, Map.of(), fed);
    }

    /** The file beside a child's log that holds its command line: {@code NAME-R.log} -> {@code NAME-R.cmd}. */
    static Path commandFile(Path log) {
        String file = log.getFileName().toString();
        return log.resolveSibling((file.endsWith(".log") ? file.substring(0, file.length() - 4) : file) + ".cmd");
    }

    /** {@code command} for host {@code h}; files to bring back afterwards are added to {@code bringBack}. */
    List<String> translate(LabHost h, List<String> command, boolean target, Map<String, Path> bringBack) {
        String run = runDir.toString();
        Pattern underRun = Pattern.compile(Pattern.quote(run) + "/[^:,\\s]+");
        List<String> out = new ArrayList<>();
        for (int i = 0; i < command.size(); i++) {
            String w = command.get(i);
            if (w.equals(JdkFlags.UNSAFE_MEMORY_ACCESS)
                    && !JdkFlags.forFeature(h.facts().javaFeature()).contains(w)) {
                continue;
            }
            if (w.equals(java)) {
                w = h.facts().javaCommand();
            } else if (w.equals(classpath)) {
                w = h.classpath();
            } else if (i > 0 && command.get(i - 1).equals("-cp")) {
                String local = w;
                w = classpaths.remote(h.name(), w).orElseThrow(() -> new HostException("host '" + h.name()
                        + "': the classpath " + local + " was not shipped there before the run; this is a bug of "
                        + "fluxlab's host preparation"));
            } else if (target && i > 0 && command.get(i - 1).equals("--host")) {
                w = h.address();
            }
            Matcher m = underRun.matcher(w);
            while (m.find()) {
                Path file = Path.of(m.group());
                if (Files.isRegularFile(file)) {
                    h.put(file);
                } else {
                    bringBack.put(h.remotePath(file), file);
                }
            }
            out.add(w.replace(run, h.remoteRun()));
        }
        return out;
    }
}
