package dev.fluxlab.runner.host;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs commands on one host through the system's OpenSSH client, so the user's ssh configuration, agent, ProxyJump
 * and known_hosts work as everywhere else. Every call uses {@code BatchMode=yes} (a missing key is an error, never a
 * prompt), {@code StrictHostKeyChecking=yes} (an unknown or changed host key is refused; given on the command line it
 * wins over any configuration file) and one shared connection per host ({@code ControlMaster=auto}, kept
 * {@value #CONTROL_PERSIST_S} s after its last use), so starting many cells does not pay a handshake each time.
 *
 * <p>Remote processes end with their SSH session. {@link #start} runs the command under a small POSIX-shell wrapper
 * that keeps the session's standard input as its lifeline: when the input reaches end-of-file (the runner closed it,
 * the local ssh client died or was killed, the connection dropped) the wrapper sends SIGTERM to the command and SIGKILL
 * {@value #KILL_AFTER_S} s later. Once the command has ended, the wrapper ends that watch with it: the reader of
 * the input and the timer are killed, not left behind (the {@code sleep} had outlived the command by up to
 * {@value #KILL_AFTER_S} s, the reader as long as the input stayed open). They are ended with SIGKILL, never
 * SIGTERM: a process the shell has just forked keeps the shell's TERM trap until it execs, and a SIGTERM caught there
 * is lost, so on a loaded machine the timer had survived its kill now and then. The wrapper also exports its own PID as {@code FLUXLAB_PARENT_PID}, so a fluxlab JVM
 * there stops by itself if the wrapper is killed. Chosen over {@code ssh -tt} (the remote pty's hang-up signal),
 * which merges standard error into standard output and rewrites line ends, both of which the readiness line and the
 * logs would carry.
 */
public final class SshHost implements AutoCloseable {

    static final int CONTROL_PERSIST_S = 60;
    static final int KILL_AFTER_S = 5;
    /**
     * The line the wrapper prints on standard error before anything else: the command's PID on the host and the
     * host's network namespace ({@code net:[INODE]}), so each process's log says where it ran.
     */
    public static final String REMOTE_PID = "fluxlab-remote pid=";
    /** The wrapper of {@link #start}: runs "$@" with stdin from /dev/null and stops it at EOF on its own stdin. */
    static final String WRAPPER = wrapper(false, "TERM", KILL_AFTER_S);

    /**
     * The wrapper's text: {@code group} runs "$@" under {@code setsid} (its own process group, which every signal then
     * reaches as a whole, and which is killed when its first process has ended), {@code signal} asks it to stop at EOF,
     * SIGKILL {@code killAfterS} s later.
     */
    static String wrapper(boolean group, String signal, long killAfterS) {
        String c = group ? "-$c" : "$c";
        return "FLUXLAB_PARENT_PID=$$; export FLUXLAB_PARENT_PID; exec 3<&0; "
            + (group ? "setsid " : "") + "\"$@\" </dev/null 3<&- & c=$!; echo \"" + REMOTE_PID
            + "$c netns=$(readlink /proc/self/ns/net 2>/dev/null)\" >&2; "
            + "(s=; trap 's=1; [ -n \"$k\" ] && kill -KILL $k' TERM; "
            + "cat <&3 & k=$!; [ -n \"$s\" ] && kill -KILL $k; wait $k; [ -n \"$s\" ] && exit 0; kill -" + signal + " " + c
            + "; sleep " + killAfterS + " & k=$!; [ -n \"$s\" ] && kill -KILL $k; wait $k; [ -n \"$s\" ] || kill -KILL " + c
            + ") >/dev/null 2>&1 & "
            + "w=$!; exec 3<&-; wait $c; rc=$?; kill $w 2>/dev/null; wait $w; "
            + (group ? "kill -KILL -$c 2>/dev/null; " : "") + "exit $rc";
    }

    private final HostSpec spec;
    private final Path controlDir;

    /**
     * @param controlDir directory of the connection-sharing sockets; keep it short (a Unix socket path has at most
     *                   107 bytes) and private to the user
     */
    public SshHost(HostSpec spec, Path controlDir) {
        this.spec = spec;
        this.controlDir = controlDir;
    }

    /** A host using {@link #defaultControlDir()}. */
    public static SshHost of(HostSpec spec) {
        return new SshHost(spec, defaultControlDir());
    }

    /** {@code /tmp/fluxlab-ssh-USER}, created with mode 0700 ({@link #controlDir(Path)}). */
    public static Path defaultControlDir() {
        return controlDir(Path.of("/tmp", "fluxlab-ssh-" + System.getProperty("user.name")));
    }

    /**
     * {@code dir} for the ssh control sockets: created with mode 0700, or, when it is there, used only if it is a
     * directory (not a symbolic link) of this user's with no access for anyone else. In a shared {@code /tmp} another
     * user could have made it first, and whoever can reach the sockets in it rides on the open ssh sessions.
     *
     * @throws HostException naming what is wrong with it
     */
    static Path controlDir(Path dir) {
        try {
            if (!Files.exists(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            }
            var attrs = Files.readAttributes(dir, java.nio.file.attribute.PosixFileAttributes.class,
                    java.nio.file.LinkOption.NOFOLLOW_LINKS);
            String wrong = attrs.isSymbolicLink() ? "is a symbolic link"
                    : !attrs.isDirectory() ? "is not a directory"
                    : !attrs.owner().getName().equals(System.getProperty("user.name"))
                    ? "belongs to " + attrs.owner().getName() + ", not " + System.getProperty("user.name")
                    : !PosixFilePermissions.toString(attrs.permissions()).endsWith("------")
                    ? "has mode " + PosixFilePermissions.toString(attrs.permissions()) + ", open to others" : null;
            if (wrong != null) {
                throw new HostException("the ssh control directory " + dir + " " + wrong + "; remove it (fluxlab "
                        + "creates it, mode rwx------) or find out who made it");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the ssh control directory " + dir, e);
        }
        return dir;
    }

    public HostSpec spec() {
        return spec;
    }

    /** The host as the suite names it: its ssh destination. */
    public String name() {
        return spec.destination();
    }

    /** The ssh client's command line up to (including) the destination. */
    List<String> sshCommand() {
        List<String> cmd = new ArrayList<>(List.of("ssh"));
        cmd.addAll(configArgs());
        for (String o : List.of("BatchMode=yes", "StrictHostKeyChecking=yes", "ControlMaster=auto",
                "ControlPath=" + controlDir + "/fx-%C", "ControlPersist=" + CONTROL_PERSIST_S, "ConnectTimeout=10",
                "ServerAliveInterval=5", "ServerAliveCountMax=3")) {
            cmd.addAll(List.of("-o", o));
        }
        cmd.add(spec.destination());
        return cmd;
    }

    /**
     * {@code -F FILE} when the host has an ssh configuration of its own, else nothing; and when the destination is
     * reached through {@code ProxyJump} hops, a configuration written beside the control sockets that makes every hop
     * check host keys strictly and then includes the user's ({@link #strictHops}): ssh passes {@code -F} to the ssh it
     * starts for a hop, not the {@code -o} options, so a bastion's unknown key had been accepted under a user
     * configuration saying {@code StrictHostKeyChecking no}.
     */
    List<String> configArgs() {
        List<String> args = configArgs;
        if (args == null) {
            args = strictHops();
            configArgs = args;
        }
        return args;
    }

    private volatile List<String> configArgs;

    private List<String> strictHops() {
        List<String> plain = spec.sshConfig() == null ? List.of() : List.of("-F", spec.sshConfig().toString());
        List<String> ask = new ArrayList<>(List.of("ssh", "-G"));
        ask.addAll(plain);
        ask.add(spec.destination());
        try {
            dev.fluxlab.runner.process.BoundedCheck.Outcome o = dev.fluxlab.runner.process.BoundedCheck.run(ask,
                    Duration.ofSeconds(10));
            boolean jumps = !o.timedOut() && o.exitCode() == 0 && o.output().lines()
                    .anyMatch(l -> l.startsWith("proxyjump ") && !l.equals("proxyjump none"));
            if (!jumps) {
                return plain;
            }
            String includes = spec.sshConfig() != null ? "Include " + quoted(spec.sshConfig().toAbsolutePath()) + "\n"
                    : "Include ~/.ssh/config\nInclude /etc/ssh/ssh_config\n";
            Path file = controlDir.resolve("fx-config-" + Integer.toHexString(String.join("\u0000", ask).hashCode()));
            Files.writeString(file, "# written by fluxlab: every ProxyJump hop checks host keys strictly, then the "
                    + "user's configuration\nHost *\n  StrictHostKeyChecking yes\n  BatchMode yes\nMatch all\n"
                    + includes, StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
            return List.of("-F", file.toString());
        } catch (IOException e) {
            return plain;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return plain;
        }
    }

    private static String quoted(Path p) {
        return "\"" + p.toString().replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** What a user types to try the connection by hand. */
    String manualCommand() {
        return "ssh " + (spec.sshConfig() == null ? "" : "-F " + spec.sshConfig() + " ") + "-o BatchMode=yes "
                + spec.destination();
    }

    /** Runs a shell command line on the host with no input. */
    public SshResult run(Duration timeout, String command) {
        return run(timeout, command, null);
    }

    /**
     * Runs a shell command line on the host, its standard input read from {@code input} (null for none).
     *
     * @throws HostException when it does not finish within {@code timeout} (it is killed)
     */
    public SshResult run(Duration timeout, String command, Path input) {
        List<String> cmd = sshCommand();
        cmd.add(command);
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectInput(input == null ? ProcessBuilder.Redirect.from(new File("/dev/null"))
                        : ProcessBuilder.Redirect.from(input.toFile()));
        Process p = startLocal(pb);
        CompletableFuture<String> out = drain(p.getInputStream());
        CompletableFuture<String> err = drain(p.getErrorStream());
        try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new HostException("host '" + name() + "': `" + command + "` did not finish within "
                        + timeout.toSeconds() + " s; check the host's load and network");
            }
            return new SshResult(p.exitValue(), out.join(), err.join());
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new HostException("host '" + name() + "': interrupted while running `" + command + "`");
        }
    }

    /**
     * Starts a shell command line on the host whose standard input is the local client's (a pipe the caller writes
     * and closes); its output is discarded.
     */
    Process startShell(String command) {
        List<String> cmd = sshCommand();
        cmd.add(command);
        return startLocal(new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD));
    }

    /**
     * Starts {@code argv} (with {@code env} added to its environment) on the host under the wrapper described on this
     * class, and returns the local ssh client: its standard output and error are the remote command's, and its
     * standard input is the remote process's lifeline (close it, or {@link RemoteProcess#stop}, to end it).
     */
    public RemoteProcess start(List<String> argv, Map<String, String> env) {
        return new RemoteProcess(this, startLocal(new ProcessBuilder(command(argv, env))));
    }

    /**
     * The local command line that runs {@code argv} on the host under the wrapper described on this class (what
     * {@link #start} runs): its standard input must stay open for as long as the remote process is to live.
     */
    public List<String> command(List<String> argv, Map<String, String> env) {
        List<String> words = new ArrayList<>();
        if (!env.isEmpty()) {
            words.add("env");
            env.forEach((k, v) -> words.add(k + "=" + v));
        }
        words.addAll(argv);
        List<String> cmd = sshCommand();
        cmd.add(wrapped(words));
        return cmd;
    }

    /**
     * As {@link #command}, for a suite's own command: run in its own process group ({@code setsid}), which gets
     * {@code signal} when the lifeline ends and SIGKILL {@code killAfterS} s later, and SIGKILL once its first process
     * has ended, so nothing of it outlives the session.
     */
    public List<String> groupCommand(List<String> argv, Map<String, String> env, String signal, long killAfterS) {
        List<String> words = new ArrayList<>();
        if (!env.isEmpty()) {
            words.add("env");
            env.forEach((k, v) -> words.add(k + "=" + v));
        }
        words.addAll(argv);
        List<String> cmd = sshCommand();
        cmd.add("sh -c " + ShellWords.quote(wrapper(true, signal, killAfterS)) + " fluxlab-remote "
                + ShellWords.join(words));
        return cmd;
    }

    /**
     * The local command line that runs {@code argv} on the host directly attached to the session's standard input,
     * for a command that reads its input itself and ends at its end (the agent).
     */
    public List<String> attachedCommand(List<String> argv) {
        List<String> cmd = sshCommand();
        cmd.add("exec " + ShellWords.join(argv));
        return cmd;
    }

    /** The remote command line that runs {@code words} under the wrapper. */
    static String wrapped(List<String> words) {
        return "sh -c " + ShellWords.quote(WRAPPER) + " fluxlab-remote " + ShellWords.join(words);
    }

    /** Ends the shared connection to this host (a no-op when none is open). */
    @Override
    public void close() {
        List<String> cmd = sshCommand();
        cmd.addAll(cmd.size() - 1, List.of("-O", "exit"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process p = startLocal(pb);
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private Process startLocal(ProcessBuilder pb) {
        try {
            return pb.start();
        } catch (IOException e) {
            throw new HostException("cannot start the OpenSSH client `ssh` (" + e.getMessage() + "): install it "
                    + "(Debian: apt-get install openssh-client)");
        }
    }

    private static CompletableFuture<String> drain(InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try (in) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "";
            }
        }, r -> Thread.ofVirtual().start(r));
    }
}
