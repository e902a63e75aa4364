package dev.fluxlab.runner.host;

import dev.fluxlab.runner.process.RemoteSide;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The runner's end of a session on a host that waits for one line on its input and then creates a file there
 * ({@link LabHost#arm}): firing costs one write to a pipe and the line's way over an open connection, so files on
 * several hosts appear within about a network round trip of each other. Ending the input without a line creates
 * nothing, and so does a runner that dies (its session ends).
 */
final class ArmedFile implements RemoteSide.Armed {

    private final Process ssh;

    ArmedFile(Process ssh) {
        this.ssh = ssh;
    }

    @Override
    public void fire() {
        try {
            OutputStream in = ssh.getOutputStream();
            in.write('\n');
            in.close();
        } catch (IOException e) {
            // the session is gone: await says so
        }
    }

    @Override
    public boolean await(Duration max) {
        try {
            if (ssh.waitFor(max.toMillis(), TimeUnit.MILLISECONDS)) {
                return ssh.exitValue() == 0;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        ssh.destroyForcibly();
        return false;
    }

    @Override
    public void cancel() {
        try {
            ssh.getOutputStream().close();
        } catch (IOException e) {
            // already closed
        }
        await(Duration.ofSeconds(5));
    }
}
