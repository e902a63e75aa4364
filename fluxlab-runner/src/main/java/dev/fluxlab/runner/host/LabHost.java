package dev.fluxlab.runner.host;

import dev.fluxlab.runner.process.ChildProcess;
import dev.fluxlab.runner.process.RemoteSide;
import dev.fluxlab.runner.process.Supervisor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One suite host, ready for a run: checked ({@link HostFacts}), fluxlab's jars shipped, its agent running. It starts
 * processes there as {@link ChildProcess}es (the local ssh client, output and lifeline; {@link RemoteTarget} the
 * remote side) and maps files between the results folder and the host's run folder, {@code WORK/runs/RUN}.
 *
 * @param name       the host as the suite names it
 * @param ssh        the connection
 * @param address    the address its targets bind and the others reach it at
 * @param facts      what the check found (Java, CPUs, clock offset)
 * @param shipped    what shipping the jars did
 * @param classpath  fluxlab's classpath there
 * @param runDir     the local results folder
 * @param remoteRun  the host's folder for this run's files
 * @param agent      the host's observation agent
 */
public record LabHost(String name, SshHost ssh, String address, HostFacts facts, ShipReport shipped, String classpath,
                      Path runDir, String remoteRun, HostAgent agent) {

    private static final Duration COPY = Duration.ofSeconds(60);

    /** Where {@code local} (a file under the results folder) lives on the host. */
    public String remotePath(Path local) {
        return remoteRun + "/" + runDir.relativize(local.toAbsolutePath());
    }

    /** Copies a local file of the results folder to its place on the host (a request body). */
    public String put(Path local) {
        String remote = remotePath(local);
        ssh.run(COPY, "mkdir -p " + ShellWords.quote(parent(remote)) + " && cat > " + ShellWords.quote(remote), local)
                .requireOk(ssh, "copy " + local.getFileName() + " to " + remote);
        return remote;
    }

    /**
     * A session there that creates an empty file at {@code local}'s place once it reads a line, and creates nothing
     * when its input ends first ({@link RemoteSide.Armed}).
     */
    RemoteSide.Armed arm(Path local) {
        return new ArmedFile(ssh.startShell("read line && : > " + ShellWords.quote(remotePath(local))));
    }

    /** Copies a file of the host back into the results folder; false when it is not there. */
    boolean fetch(String remote, Path local) {
        SshResult r = ssh.run(COPY, "cat " + ShellWords.quote(remote) + " 2>/dev/null");
        if (r.exit() != 0) {
            return false;
        }
        try {
            Files.writeString(local, r.stdout());
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Starts {@code argv} (a java command line for this host) there, as a child of the run.
     *
     * @param files remote path to local path: what the process writes there, brought back once it has ended
     */
    public ChildProcess start(String role, String processName, List<String> argv, Map<String, String> env, Path log,
                              Consumer<String> listener, Supervisor supervisor, Map<String, Path> files)
            throws IOException {
        for (Path local : files.values()) {
            ssh.run(COPY, "mkdir -p " + ShellWords.quote(parent(remotePath(local)))).requireOk(ssh, "create " + remoteRun);
        }
        RemoteTarget side = new RemoteTarget(this, files);
        return ChildProcess.startRemote(role, processName, ssh.command(argv, env), log, listener, supervisor, side);
    }

    /**
     * Starts a suite's own command {@code argv} there in {@code cwd} (a folder of the host) with {@code env} added, in
     * its own process group: {@code signal} when it is stopped or the runner is gone, SIGKILL {@code grace} later
     * ({@link SshHost#groupCommand}).
     */
    public ChildProcess startCommand(String role, String processName, List<String> argv, String cwd,
                                     Map<String, String> env, Path log, Supervisor supervisor, String signal,
                                     Duration grace) throws IOException {
        List<String> words = new java.util.ArrayList<>(List.of("sh", "-c", "cd \"$1\" || exit 126; shift; exec \"$@\"",
                "fluxlab-cwd", cwd));
        words.addAll(argv);
        long killAfter = Math.max(1, (grace.toMillis() + 999) / 1000);
        return ChildProcess.startRemoteCommand(role, processName, ssh.groupCommand(words, env, signal, killAfter), log,
                supervisor, new RemoteTarget(this, Map.of()));
    }

    private static String parent(String path) {
        int cut = path.lastIndexOf('/');
        return cut <= 0 ? "." : path.substring(0, cut);
    }
}
