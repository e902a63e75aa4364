package dev.fluxlab.runner.host;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A process started on a host by {@link SshHost#start}: the local ssh client carries its output and, through its
 * standard input, its life. Stopping closes that input (the remote wrapper then sends SIGTERM, SIGKILL after
 * {@value SshHost#KILL_AFTER_S} s); a client that has not ended after the grace period is killed, which ends the
 * session and so the remote process as well.
 */
public final class RemoteProcess {

    private final SshHost host;
    private final Process ssh;

    RemoteProcess(SshHost host, Process ssh) {
        this.host = host;
        this.ssh = ssh;
    }

    /** The local ssh client: read the remote output from its streams. */
    public Process client() {
        return ssh;
    }

    public SshHost host() {
        return host;
    }

    /**
     * Stops the remote process and waits up to {@code grace} for the session to end; returns the remote exit status,
     * or -1 when the client had to be killed.
     */
    public int stop(Duration grace) throws InterruptedException {
        try {
            ssh.getOutputStream().close();
        } catch (IOException ignored) {
            // already closed: the session is ending anyway
        }
        if (ssh.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
            return ssh.exitValue();
        }
        ssh.destroyForcibly().waitFor();
        return -1;
    }
}
