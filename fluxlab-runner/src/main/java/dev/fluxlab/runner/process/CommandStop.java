package dev.fluxlab.runner.process;

import dev.fluxlab.probe.ProcStat;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * How a suite's own command is stopped, and kept from outliving the runner. The command runs as the leader of its own
 * session and process group ({@link #SETSID}). A stop sends the target's signal to that group and to every process
 * of its tree, waits up to its grace for the tree to exit, then sends SIGKILL to what is left. A watchdog, started
 * with the command, holds a pipe from the runner as its lifeline: when the runner dies without stopping the command
 * (kill -9, the OOM killer), the pipe ends and the watchdog does the same stop on the group. It ignores the terminal's
 * signals (Ctrl-C reaches the runner's whole process group; the runner then stops the command itself) and is killed
 * once the command is stopped. A descendant that leaves the group (its own {@code setsid}) escapes the watchdog; the
 * runner's own stop still finds it among the tree's descendants.
 */
final class CommandStop {

    /** util-linux's {@code setsid}: runs the command in place (same PID) as a new session's leader. */
    static final String SETSID = "setsid";

    /** Whether {@code env --default-signal} works here (checked once). */
    private static final boolean ENV_RESETS_SIGNALS = envResetsSignals();

    /** The watchdog: $1 the group (= the command's PID), $2 the signal, $3 the grace in tenths of a second. */
    static final String WATCHDOG = "trap '' INT HUP TERM QUIT; cat >/dev/null; kill -s \"$2\" -- \"-$1\" \"$1\" 2>/dev/null; "
            + "i=0; while kill -0 \"$1\" 2>/dev/null && [ \"$i\" -lt \"$3\" ]; do sleep 0.1; i=$((i+1)); done; "
            + "kill -s KILL -- \"-$1\" \"$1\" 2>/dev/null; exit 0";

    /**
     * The words that start a command in place with {@code signal} (its stop signal) and INT and QUIT at their default
     * handling: GNU env's {@code --default-signal} (coreutils 8.31 and later), when this machine's env has it. Why: a
     * runner started in the background of a script (nohup, a CI step, {@code cmd &}) has INT and QUIT ignored, every
     * process it starts inherits that, and a shell cannot trap a signal ignored at its start: a command whose stop
     * signal is INT never heard it and was killed after its grace. Without such an env, nothing is prefixed.
     */
    static List<String> defaultSignals(String signal) {
        if (!ENV_RESETS_SIGNALS) {
            return List.of();
        }
        String s = signal.toUpperCase(java.util.Locale.ROOT).replaceFirst("^SIG", "");
        // KILL has no handling to reset (env refuses it); INT and QUIT are always reset
        boolean own = s.equals("INT") || s.equals("QUIT") || s.equals("KILL");
        return List.of("env", "--default-signal=" + (own ? "INT,QUIT" : s + ",INT,QUIT"));
    }

    private static boolean envResetsSignals() {
        try {
            Process p = new ProcessBuilder("env", "--default-signal=INT", "true").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private final long pid;
    private final String signal;
    private final Duration grace;
    private final Process watchdog;

    private CommandStop(long pid, String signal, Duration grace, Process watchdog) {
        this.pid = pid;
        this.signal = signal;
        this.grace = grace;
        this.watchdog = watchdog;
    }

    /** Starts the watchdog of the command {@code pid}, stopped with {@code signal} then SIGKILL after {@code grace}. */
    static CommandStop watch(long pid, String signal, Duration grace) throws IOException {
        long tenths = Math.max(1, grace.toMillis() / 100);
        Process w = new ProcessBuilder("sh", "-c", WATCHDOG, "fluxlab-watchdog", Long.toString(pid), signal,
                Long.toString(tenths)).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        return new CommandStop(pid, signal, grace, w);
    }

    Duration grace() {
        return grace;
    }

    /** The watchdog's PID (tests check it is gone too). */
    long watchdogPid() {
        return watchdog.pid();
    }

    /** Signal, grace, SIGKILL, over the group and the tree; then the watchdog is ended (killed, its pipe closed). */
    void stop(Process process) {
        List<ProcessHandle> tree = new ArrayList<>();
        process.descendants().forEach(tree::add);
        tree.add(process.toHandle());
        boolean grouped = pgid(pid).filter(g -> g == pid).isPresent();
        send(signal, tree, grouped);
        Ended.await(tree, grace); // a zombie counts as ended (Ended says why)
        process.descendants().filter(h -> !tree.contains(h)).forEach(tree::add); // forked while stopping
        // the group too: a child whose parent exited was reparented out of the tree, not out of the group
        send("KILL", tree.stream().filter(h -> !Ended.ended(h)).toList(), grouped);
        try {
            process.waitFor(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        watchdog.destroyForcibly();
        try {
            watchdog.getOutputStream().close();
            watchdog.waitFor(2, TimeUnit.SECONDS);
        } catch (IOException e) {
            // already closed
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** {@code kill -s SIGNAL -- -GROUP PID...} by the shell's built-in kill (no procps needed). */
    private void send(String sig, List<ProcessHandle> handles, boolean grouped) {
        List<String> cmd = new ArrayList<>(List.of("sh", "-c", "s=$1; shift; kill -s \"$s\" -- \"$@\" 2>/dev/null; exit 0",
                "fluxlab-kill", sig));
        if (grouped) {
            cmd.add("-" + pid);
        }
        handles.forEach(h -> cmd.add(Long.toString(h.pid())));
        if (cmd.size() == 5) {
            return;
        }
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            p.waitFor(5, TimeUnit.SECONDS);
        } catch (IOException e) {
            handles.forEach(sig.equals("KILL") ? ProcessHandle::destroyForcibly : ProcessHandle::destroy);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The process group of {@code pid} (field 5 of /proc/PID/stat), empty when it is gone. */
    static Optional<Long> pgid(long pid) {
        return ProcStat.of(pid).map(ProcStat::pgrp);
    }
}
