package dev.fluxlab.runner.host;

import dev.fluxlab.model.placement.CpuList;
import dev.fluxlab.model.placement.RolePlacement;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The checks a host passes before any cell starts, each failure one {@link HostException} line naming the host and
 * the fix: it answers over ssh in batch mode with a known host key; its {@code java} (the configured JDK, or the one
 * on the remote PATH) is version {@value #MIN_JAVA} or newer; its CPU list, if any, names online CPUs and taskset is
 * there to apply it. It also measures the clock offset against the runner's clock, to be recorded.
 */
public final class HostCheck {

    public static final int MIN_JAVA = 21;
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final int CLOCK_PROBES = 5;
    private static final Pattern VERSION = Pattern.compile("version \"(\\d+)(?:\\.(\\d+))?[^\"]*\"");

    private HostCheck() {
    }

    public static HostFacts check(SshHost host) {
        host.run(TIMEOUT, "true").requireOk(host, "run a command");
        String java = host.spec().javaCommand();
        SshResult v = host.run(TIMEOUT, ShellWords.quote(java) + " -version 2>&1");
        String where = host.spec().jdk() == null ? "`java` on the remote PATH" : java;
        if (v.exit() == SshResult.SSH_FAILED) {
            v.requireOk(host, "run java");
        }
        int feature = v.exit() == 0 ? feature(v.stdout()).orElse(-1) : -1;
        if (feature < 0) {
            throw new HostException("host '" + host.name() + "': no usable Java at " + where + " ("
                    + SshResult.firstLine(v.stdout() + v.stderr()) + "); install a JDK " + MIN_JAVA
                    + "+ there and set that host's jdk: to its home directory");
        }
        if (feature < MIN_JAVA) {
            throw new HostException("host '" + host.name() + "': " + where + " is Java " + feature + ", fluxlab needs "
                    + MIN_JAVA + " or newer; install a JDK " + MIN_JAVA + "+ there and set that host's jdk: to its home");
        }
        CpuList online = CpuAffinity.remoteOnline(host);
        if (host.spec().cpus() != null) {
            CpuAffinity.requireOnline(new RolePlacement("every role", host.name(), host.spec().cpus()), online);
            host.run(TIMEOUT, "command -v taskset").requireOk(host, "find taskset (util-linux) to apply the CPU list "
                    + host.spec().cpus() + "; install util-linux there");
        }
        return new HostFacts(host.name(), java, feature, SshResult.firstLine(v.stdout()), online, clockOffset(host));
    }

    /** The Java feature release in {@code java -version} output: 21 for "21.0.2", 8 for "1.8.0_402". */
    static Optional<Integer> feature(String versionOutput) {
        Matcher m = VERSION.matcher(versionOutput);
        if (!m.find()) {
            return Optional.empty();
        }
        int first = Integer.parseInt(m.group(1));
        return Optional.of(first == 1 && m.group(2) != null ? Integer.parseInt(m.group(2)) : first);
    }

    /**
     * Remote minus local clock: the host's {@code date +%s%N} against the midpoint of the local send and receive
     * times, best (shortest round trip) of {@value #CLOCK_PROBES} probes over the shared connection.
     */
    static ClockOffset clockOffset(SshHost host) {
        List<ClockOffset> probes = new java.util.ArrayList<>();
        for (int i = 0; i < CLOCK_PROBES; i++) {
            Instant t0 = Instant.now();
            SshResult r = host.run(TIMEOUT, "date +%s%N").requireOk(host, "read its clock");
            Instant t1 = Instant.now();
            probes.add(ClockOffset.probe(ChronoUnit.MICROS.between(Instant.EPOCH, t0),
                    remoteNanos(host, r.stdout()) / 1_000, ChronoUnit.MICROS.between(Instant.EPOCH, t1)));
        }
        return ClockOffset.best(probes);
    }

    private static long remoteNanos(SshHost host, String dateOutput) {
        try {
            return Long.parseLong(dateOutput.strip());
        } catch (NumberFormatException e) {
            throw new HostException("host '" + host.name() + "': `date +%s%N` printed '" + dateOutput.strip()
                    + "', not nanoseconds; fluxlab hosts must be Linux machines (GNU coreutils)");
        }
    }
}
