package dev.fluxlab.runner.host;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

/**
 * A suite's own command targets placed on a suite host: fluxlab ships only its own jars, so the program and the
 * working folder must already be there. Before any cell, each is looked for on its host over SSH (the folder entered,
 * the program found as a non-interactive login's {@code command -v} finds it there, {@code setsid} present) and said in
 * one line ({@code host 'h1': command target 'my-app': /opt/app/bin/server found, in /opt/app}); the first missing
 * one stops the run before anything started, naming the host, the path and the fix. It also picks each start's
 * {@code ${port}} on the host ({@link #freePort}).
 */
public final class HostCommands {

    /**
     * A command target's program on a host, as the check needs it.
     *
     * @param target  the suite's name of the target
     * @param program the program as the command gives it (knobs filled)
     * @param cwd     its working folder on the host as written (null: the login's home folder)
     */
    public record Need(String target, String program, String cwd) {
    }

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    /** Exit codes of the remote check. */
    private static final int NO_FOLDER = 3, NO_SETSID = 4, NO_PROGRAM = 5;
    /** Ports tried on a host: below Linux's default ephemeral range, so outgoing connections rarely take them. */
    static final int FIRST_PORT = 20000, LAST_PORT = 32767;

    private final Map<String, Map<String, String>> folders;

    private HostCommands(Map<String, Map<String, String>> folders) {
        this.folders = folders;
    }

    /** No command on any host. */
    public static HostCommands none() {
        return new HostCommands(Map.of());
    }

    /**
     * Looks for every command of {@code needed} (suite host name to its commands) on its host; {@code say} gets one
     * line per host and command.
     *
     * @throws HostException for the first one missing (host, target, path, fix)
     */
    public static HostCommands check(LabHosts hosts, Map<String, List<Need>> needed, Consumer<String> say) {
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        List<String> lines = new ArrayList<>();
        needed.forEach((host, needs) -> {
            LabHost h = hosts.get(host);
            if (h == null) {
                throw new HostException("host '" + host + "' was not prepared for this run");
            }
            for (Need n : needs) {
                SshResult r = h.ssh().run(TIMEOUT, script(n));
                if (r.exit() == SshResult.SSH_FAILED) {
                    r.requireOk(h.ssh(), "look for " + n.program());
                }
                String folder = read(host, n, r.exit(), r.stdout());
                out.computeIfAbsent(host, k -> new LinkedHashMap<>()).put(n.target(), folder);
                String[] l = r.stdout().strip().split("\n");
                lines.add("host '" + host + "': command target '" + n.target() + "': " + l[l.length - 1].strip()
                        + " found, in " + folder);
            }
        });
        lines.forEach(say);
        return new HostCommands(out);
    }

    /** The remote check: prints the working folder, then the program's path; exits with the code of what is missing. */
    static String script(Need n) {
        return "command -v setsid >/dev/null || exit " + NO_SETSID + "; cd " + (n.cwd() == null ? ""
                : ShellWords.quote(n.cwd()) + " 2>/dev/null") + " || exit " + NO_FOLDER + "; pwd; p=$(command -v "
                + ShellWords.quote(n.program()) + ") || exit " + NO_PROGRAM + "; [ -x \"$p\" ] || exit "
                + NO_PROGRAM + "; echo \"$p\"";
    }

    /** The working folder {@link #script} printed, or the one error naming what is missing on {@code host}. */
    static String read(String host, Need n, int exit, String stdout) {
        String at = "host '" + host + "': command target '" + n.target() + "': ";
        if (exit == NO_SETSID) {
            throw new HostException(at + "'setsid' is not on the PATH there (fluxlab starts the command in a process "
                    + "group of its own, stopped as a whole); install util-linux on that host");
        }
        if (exit == NO_FOLDER) {
            throw new HostException(at + "the working folder " + (n.cwd() == null ? "(the login's home folder)"
                    : n.cwd()) + " does not exist there; fluxlab ships only its own jars, not your program and its "
                    + "files: create it on that host, or correct 'cwd'");
        }
        String[] lines = stdout.strip().split("\n");
        if (exit != 0 || lines.length < 2) {
            throw new HostException(at + "the program '" + n.program() + "' is not found there (" + (n.program()
                    .contains("/") ? "relative to the working folder " + (lines[0].isBlank() ? n.cwd() : lines[0])
                    : "on the PATH of a non-interactive login, ssh HOST command -v " + n.program()) + ", or not "
                    + "executable); fluxlab ships only its own jars: install or copy it to that host, or correct the "
                    + "command");
        }
        return lines[0].strip();
    }

    /** The working folder of {@code target} on {@code host}, as the check entered it. */
    public Optional<String> folder(String host, String target) {
        Map<String, String> m = folders.get(host);
        return m == null ? Optional.empty() : Optional.ofNullable(m.get(target));
    }

    /**
     * A TCP port of {@code h} no socket there uses now (its {@code /proc/net/tcp} and {@code tcp6}), tried among
     * random ones of {@value #FIRST_PORT}-{@value #LAST_PORT}; the race with another process binding it before the
     * command does is the same as for a local command target.
     */
    static int freePort(LabHost h) {
        StringBuilder candidates = new StringBuilder();
        for (int i = 0; i < 16; i++) {
            candidates.append(' ').append(ThreadLocalRandom.current().nextInt(FIRST_PORT, LAST_PORT + 1));
        }
        SshResult r = h.ssh().run(TIMEOUT, "for p in" + candidates + "; do x=$(printf ':%04X ' $p); "
                + "cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | grep -qi \"$x\" || { echo $p; exit 0; }; done; exit 1");
        r.requireOk(h.ssh(), "pick a free port");
        return Integer.parseInt(r.stdout().strip());
    }
}
