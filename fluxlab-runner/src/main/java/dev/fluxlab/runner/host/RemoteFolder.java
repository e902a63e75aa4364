package dev.fluxlab.runner.host;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Brings a folder a process wrote on a host (Gatling's report: an HTML page per request group, scripts, styles) back
 * into its place in the results folder, as one {@code tar} stream over the host's shared connection, unpacked here
 * with the system's {@code tar}. A single file comes back through {@link LabHost#fetch}; this is for a tree of files
 * whose names only the process knows.
 */
final class RemoteFolder {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    private RemoteFolder() {
    }

    /**
     * Copies the host's folder for {@code local} (a folder under the results folder) into {@code local}; false when
     * there is no such folder there, or it could not be copied (the caller's parser then says what is missing).
     */
    static boolean fetch(LabHost h, Path local) throws IOException, InterruptedException {
        List<String> cmd = h.ssh().sshCommand();
        cmd.add("cd " + ShellWords.quote(h.remotePath(local)) + " && tar -cf - .");
        Path tar = Files.createTempFile("fluxlab-folder", ".tar");
        try {
            Process p = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(tar.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                return false;
            }
            if (p.exitValue() != 0) {
                return false;
            }
            Files.createDirectories(local);
            Process x = new ProcessBuilder("tar", "-xf", tar.toString(), "-C", local.toString())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!x.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                x.destroyForcibly();
                return false;
            }
            return x.exitValue() == 0;
        } finally {
            Files.deleteIfExists(tar);
        }
    }
}
