package dev.fluxlab.runner.host;

import dev.fluxlab.runner.process.RemoteReading;
import dev.fluxlab.runner.process.RemoteSide;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The remote side of a process started on a {@link LabHost}: learns the process's PID there from the wrapper's first
 * line and has the host's agent watch it; readings come from that agent; its files come back once it has ended.
 */
final class RemoteTarget implements RemoteSide {

    private final LabHost host;
    private final Map<String, Path> files;
    private volatile long pid;
    private volatile boolean collected;
    private volatile boolean jitSeen;

    RemoteTarget(LabHost host, Map<String, Path> files) {
        this.host = host;
        this.files = Map.copyOf(files);
    }

    @Override
    public String host() {
        return host.name();
    }

    @Override
    public void line(String line) {
        if (pid == 0 && line.startsWith(SshHost.REMOTE_PID)) {
            try {
                pid = Long.parseLong(line.substring(SshHost.REMOTE_PID.length()).strip().split(" ")[0]);
                host.agent().watch(pid);
            } catch (NumberFormatException e) {
                // not the wrapper's line
            }
        }
    }

    @Override
    public long pid() {
        return pid;
    }

    @Override
    public Optional<RemoteReading> reading() {
        Optional<RemoteReading> r = pid == 0 ? Optional.empty() : host.agent().reading(pid);
        if (r.isPresent() && r.get().compileMs() != null) {
            jitSeen = true;
        }
        return r;
    }

    @Override
    public boolean jitSeen() {
        return jitSeen;
    }

    @Override
    public Optional<MachineAt> machine() {
        return host.agent().machine();
    }

    @Override
    public Optional<String> observationLost() {
        long now = System.nanoTime();
        return host.agent().lost(now, now);
    }

    @Override
    public Optional<String> observationLost(long fromNanos, long toNanos) {
        return host.agent().lost(fromNanos, toNanos);
    }

    @Override
    public Optional<String> clockJumped(long fromNanos, long toNanos) {
        return Optional.ofNullable(host.agent().clock().warning(fromNanos, toNanos));
    }

    @Override
    public void refresh() {
        host.agent().refresh();
    }

    @Override
    public void send(Path local) {
        host.put(local);
    }

    @Override
    public Armed arm(Path local) {
        return host.arm(local);
    }

    @Override
    public synchronized void collect() {
        if (collected) {
            return;
        }
        collected = true;
        if (pid != 0) {
            host.agent().unwatch(pid);
        }
        files.forEach(host::fetch);
    }
}
