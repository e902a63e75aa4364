package dev.fluxlab.it;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's test command sets up a fresh machine by itself ({@code scripts/test.sh --check-tools}): run here with a
 * PATH that holds none of the tools, and fake {@code id}, {@code sudo} and {@code apt-get} in a temporary folder, so
 * this machine is never changed. The fake apt-get logs its arguments and "installs" by creating the commands.
 */
class TestScriptToolsTest {

    private static final Path SCRIPT = Path.of("..", "scripts", "test.sh").toAbsolutePath().normalize();
    private static final List<String> BASICS = List.of("dirname", "readlink", "env", "mktemp", "tail", "rm", "cat", "chmod");

    @TempDir
    Path tmp;
    Path fake;
    Path installed;
    Path aptLog;

    record Result(int exit, String out, String err) {
    }

    @BeforeEach
    void basics() throws IOException {
        fake = Files.createDirectories(tmp.resolve("fake"));
        installed = Files.createDirectories(tmp.resolve("installed"));
        aptLog = tmp.resolve("apt.log");
        for (String b : BASICS) {
            script(b, "exec " + which(b) + " \"$@\"");
        }
        // apt-get: logs "<DEBIAN_FRONTEND> <args>"; 'install' creates the packages' commands in 'installed'
        script("apt-get", "echo \"$DEBIAN_FRONTEND $*\" >> " + aptLog + "\n"
                + "if [ \"$1\" = install ]; then\n"
                + "  for p in \"$@\"; do case $p in\n"
                + "    wrk) c=wrk ;; nghttp2-client) c=h2load ;; apache2-utils) c=ab ;; chromium) c=chromium ;; python3) c=python3 ;;\n"
                + "    openssh-server) c=sshd ;; openssh-client) c=ssh ;; iproute2) c=ip ;; *) continue ;;\n"
                + "  esac; printf '#!/bin/sh\\n' > " + installed + "/$c; chmod +x " + installed + "/$c; done\n"
                + "fi\n");
    }

    @Test
    void withoutRootOrSudoOneLineNamesThePackagesAndNothingIsInstalled() throws Exception {
        uid(1000);
        script("sudo", "exit 1"); // a password would be needed
        Result r = checkTools();
        assertEquals(3, r.exit(), r.err());
        assertEquals(1, r.err().lines().count(), "one line: " + r.err());
        assertTrue(r.err().contains("wrk nghttp2-client apache2-utils chromium python3"), r.err());
        assertTrue(r.err().contains("sudo apt-get install -y wrk nghttp2-client apache2-utils chromium python3"), r.err());
        assertFalse(Files.exists(aptLog), "apt-get was not called");
    }

    @Test
    void asRootItUpdatesAndInstallsOnlyWhatIsMissing() throws Exception {
        uid(0);
        Files.writeString(installed.resolve("ab"), "#!/bin/sh\n");
        installed.resolve("ab").toFile().setExecutable(true);
        Result r = checkTools();
        assertEquals(0, r.exit(), r.err());
        assertEquals(List.of("noninteractive update -qq",
                "noninteractive install -y -qq --no-install-recommends wrk nghttp2-client chromium python3 openssh-server openssh-client iproute2"),
                Files.readAllLines(aptLog));
        assertTrue(r.err().contains("installing wrk nghttp2-client chromium python3 openssh-server openssh-client iproute2"), r.err());
        Result again = checkTools();
        assertEquals(0, again.exit(), "a second check finds everything");
        assertEquals(2, Files.readAllLines(aptLog).size(), "and installs nothing");
        // and says so: a check that found everything printed nothing at all
        assertEquals("test.sh: every program the tests drive is on the PATH: wrk h2load ab chromium python3 sshd ssh ip\n",
                again.out(), again.err());
    }

    @Test
    void withPasswordlessSudoItInstallsThroughSudo() throws Exception {
        uid(1000);
        Path sudoLog = tmp.resolve("sudo.log");
        script("sudo", "[ \"$1\" = -n ] || exit 1\nshift\necho \"$*\" >> " + sudoLog + "\n\"$@\"");
        Result r = checkTools();
        assertEquals(0, r.exit(), r.err());
        assertTrue(Files.readString(sudoLog).contains("env DEBIAN_FRONTEND=noninteractive apt-get install -y"),
                Files.readString(sudoLog));
        assertEquals(2, Files.readAllLines(aptLog).size());
    }

    @Test
    void aFailedInstallStopsWithAptGetsOwnWords() throws Exception {
        uid(0);
        script("apt-get", "echo 'E: Unable to locate package wrk' >&2; exit 100");
        Result r = checkTools();
        assertEquals(3, r.exit(), r.err());
        assertTrue(r.err().contains("apt-get could not install") && r.err().contains("exit 100"), r.err());
        assertTrue(r.err().contains("E: Unable to locate package wrk"), r.err());
    }

    @Test
    void commandsStillMissingAfterTheInstallAreNamed() throws Exception {
        uid(0);
        script("apt-get", "exit 0"); // e.g. chromium installed as chromium-browser only
        Result r = checkTools();
        assertEquals(3, r.exit(), r.err());
        assertTrue(r.err().contains("apt-get installed wrk nghttp2-client apache2-utils chromium python3 openssh-server openssh-client iproute2, but their commands are still not on the PATH"),
                r.err());
    }

    private void uid(int uid) throws IOException {
        script("id", "[ \"$1\" = -u ] && echo " + uid);
    }

    private void script(String name, String body) throws IOException {
        Path f = fake.resolve(name);
        Files.writeString(f, "#!/bin/bash\n" + body + "\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private Result checkTools() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(which("bash").toString(), SCRIPT.toString(), "--check-tools");
        pb.environment().put("PATH", fake + ":" + installed);
        pb.redirectOutput(tmp.resolve("out").toFile()).redirectError(tmp.resolve("err").toFile());
        Process p = pb.start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the check finished");
        return new Result(p.exitValue(), Files.readString(tmp.resolve("out"), StandardCharsets.UTF_8),
                Files.readString(tmp.resolve("err"), StandardCharsets.UTF_8));
    }

    private static Path which(String command) {
        for (String dir : List.of("/usr/bin", "/bin")) {
            Path p = Path.of(dir, command);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        throw new IllegalStateException(command + " not found in /usr/bin or /bin");
    }
}
