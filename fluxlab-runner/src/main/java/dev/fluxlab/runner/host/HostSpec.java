package dev.fluxlab.runner.host;

import dev.fluxlab.model.placement.CpuList;
import java.nio.file.Path;
import java.util.Objects;

/**
 * One host a suite places roles on.
 *
 * @param destination what {@code ssh} is given: {@code user@address}, {@code address} or a {@code Host} alias of the
 *                    ssh configuration
 * @param sshConfig   an ssh configuration file ({@code ssh -F}), or null for the user's own ({@code ~/.ssh/config})
 * @param jdk         the JDK's home directory on that host, or null for {@code java} on the remote PATH
 * @param workDir     where fluxlab's jars and logs go on that host; a relative path is relative to the login
 *                    directory (default {@value #DEFAULT_WORK_DIR})
 * @param cpus        the CPUs fluxlab's processes on that host may use ({@code "0-3"}, {@code "4,5"}), or null for all
 */
public record HostSpec(String destination, Path sshConfig, String jdk, String workDir, CpuList cpus) {

    public static final String DEFAULT_WORK_DIR = ".fluxlab";

    public HostSpec {
        Objects.requireNonNull(destination, "destination");
        if (destination.isBlank() || destination.startsWith("-") || destination.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("host '" + destination + "' is not an ssh destination: give user@address,"
                    + " an address or a Host alias (no spaces, not starting with '-')");
        }
        workDir = workDir == null || workDir.isBlank() ? DEFAULT_WORK_DIR : workDir;
    }

    /** A host known only by its destination: the user's ssh configuration, {@code java} on PATH, all CPUs. */
    public static HostSpec of(String destination) {
        return new HostSpec(destination, null, null, null, null);
    }

    public HostSpec withSshConfig(Path file) {
        return new HostSpec(destination, file, jdk, workDir, cpus);
    }

    public HostSpec withJdk(String home) {
        return new HostSpec(destination, sshConfig, home, workDir, cpus);
    }

    public HostSpec withWorkDir(String dir) {
        return new HostSpec(destination, sshConfig, jdk, dir, cpus);
    }

    public HostSpec withCpus(CpuList list) {
        return new HostSpec(destination, sshConfig, jdk, workDir, list);
    }

    /** The {@code java} command on that host. */
    public String javaCommand() {
        return jdk == null ? "java" : jdk.replaceAll("/+$", "") + "/bin/java";
    }
}
