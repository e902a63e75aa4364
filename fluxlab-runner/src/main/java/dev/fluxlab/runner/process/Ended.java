package dev.fluxlab.runner.process;

import dev.fluxlab.probe.ProcStat;

import java.time.Duration;
import java.util.Collection;

/**
 * Whether a process the runner stops has ended, and the wait for it. A process whose parent exited before it is a
 * zombie until init collects it, and init here does that a second or more later (more on a loaded machine): a zombie
 * runs nothing and no signal reaches it, but the JDK's {@code isAlive} and {@code onExit} count it alive, so a stop
 * that waited on it spent its whole grace (5 s for a command's shell child under load) and then "killed" it in vain.
 */
final class Ended {

    private Ended() {
    }

    /** Whether {@code h} has ended: gone, or a zombie (state Z or X in /proc/PID/stat). */
    static boolean ended(ProcessHandle h) {
        if (!h.isAlive()) {
            return true;
        }
        // unreadable: gone meanwhile, or no /proc: the JDK's word
        return ProcStat.of(h.pid()).map(ProcStat::ended).orElseGet(() -> !h.isAlive());
    }

    /** Waits up to {@code grace} (polling every 20 ms) until every one of {@code handles} has {@link #ended}. */
    static void await(Collection<ProcessHandle> handles, Duration grace) {
        long deadline = System.nanoTime() + grace.toNanos();
        while (!handles.stream().allMatch(Ended::ended) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
