package dev.fluxlab.runner.host;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SshHostTest {

    @Test
    void everyCallIsBatchStrictAndShared(@TempDir Path dir) {
        SshHost h = new SshHost(HostSpec.of("lab@10.0.0.5").withSshConfig(Path.of("/etc/lab.cfg")), dir);
        List<String> cmd = h.sshCommand();
        assertEquals(List.of("ssh", "-F", "/etc/lab.cfg"), cmd.subList(0, 3));
        for (String o : List.of("BatchMode=yes", "StrictHostKeyChecking=yes", "ControlMaster=auto",
                "ControlPath=" + dir + "/fx-%C", "ControlPersist=60")) {
            assertTrue(cmd.contains(o), o + " in " + cmd);
        }
        assertEquals("lab@10.0.0.5", cmd.getLast());
    }

    /**
     * A ProxyJump hop is checked as strictly as the host (ssh hands a hop its {@code -F} file, not the {@code -o}
     * options): a bastion's unknown key had been accepted under a user configuration saying {@code no} (issue 38, 7).
     */
    @Test
    void everyProxyJumpHopChecksHostKeysStrictly(@TempDir Path dir) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(new ProcessBuilder("ssh", "-V").start().waitFor() == 0,
                "an ssh client is needed");
        Path cfg = dir.resolve("user config");
        java.nio.file.Files.writeString(cfg, "Host lab\n  HostName 10.0.0.9\n  ProxyJump bastion\n"
                + "Host bastion\n  HostName 10.0.0.1\n  StrictHostKeyChecking no\n");
        SshHost h = new SshHost(HostSpec.of("lab").withSshConfig(cfg), dir);
        List<String> cmd = h.sshCommand();
        String used = cmd.get(cmd.indexOf("-F") + 1);
        // ssh starts the hop as 'ssh -F USED bastion': what that one applies
        List<String> hop = effective(used, "bastion");
        assertTrue(hop.contains("stricthostkeychecking true") && hop.contains("batchmode yes"), hop.toString());
        List<String> host = effective(used, "lab");
        assertTrue(host.contains("hostname 10.0.0.9") && host.contains("proxyjump bastion"), "the user's "
                + "configuration still applies: " + host);
        SshHost direct = new SshHost(HostSpec.of("10.0.0.5").withSshConfig(cfg), dir);
        assertEquals(List.of("ssh", "-F", cfg.toString()), direct.sshCommand().subList(0, 3), "no hop: as it was");
    }

    private static List<String> effective(String config, String host) throws Exception {
        Process p = new ProcessBuilder("ssh", "-G", "-F", config, host).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(10, TimeUnit.SECONDS));
        return out.lines().toList();
    }

    @Test
    void destinationsThatAreNotOneWordAreRefused() {
        for (String bad : new String[]{"", " ", "-oProxyCommand=x", "a b"}) {
            assertThrows(IllegalArgumentException.class, () -> HostSpec.of(bad));
        }
        assertEquals(".fluxlab", HostSpec.of("h").workDir());
        assertEquals("/opt/jdk/bin/java", HostSpec.of("h").withJdk("/opt/jdk/").javaCommand());
        assertEquals("java", HostSpec.of("h").javaCommand());
    }

    @Test
    void wordsSurviveTheRemoteShell() throws Exception {
        List<String> words = List.of("printf", "%s|", "it's", "$HOME", "a b", "\"q\"", "`x`");
        Process p = new ProcessBuilder("sh", "-c", ShellWords.join(words)).start();
        assertEquals("it's|$HOME|a b|\"q\"|`x`|", new String(p.getInputStream().readAllBytes()));
        assertEquals(0, p.waitFor());
    }

    /** The wrapper runs here as it would on a host: end of its input stops the command within seconds. */
    @Test
    void theWrapperStopsItsCommandWhenItsInputEnds() throws Exception {
        Process wrapper = new ProcessBuilder("sh", "-c", SshHost.wrapped(List.of("sh", "-c",
                "echo $$ $FLUXLAB_PARENT_PID; exec sleep 300"))).start();
        String[] ids = new BufferedReader(new InputStreamReader(wrapper.getInputStream())).readLine().split(" ");
        ProcessHandle child = ProcessHandle.of(Long.parseLong(ids[0])).orElseThrow();
        assertEquals(wrapper.pid() + 0, ProcessHandle.of(Long.parseLong(ids[1])).orElseThrow().parent().orElseThrow().pid(),
                "FLUXLAB_PARENT_PID is the wrapper shell, the command's parent");
        assertTrue(child.isAlive());
        wrapper.getOutputStream().close();
        assertTrue(wrapper.waitFor(10, TimeUnit.SECONDS), "wrapper still running");
        assertEquals(143, wrapper.exitValue(), "exit status of a command ended by SIGTERM");
        assertFalse(child.isAlive(), "the command outlived its input");
    }

    /**
     * Nothing the wrapper starts outlives it: its stop timer ({@code sleep 5} after SIGTERM) had stayed behind for up to
     * 5 s once the command ended, and the reader of its input for as long as the session's input stayed open (issue 38,
     * finding 10). The wrapper's processes are found by a mark in their environment, which they all inherit.
     */
    @Test
    void theWrapperLeavesNoTimerOrReaderBehind() throws Exception {
        // the input ends: SIGTERM, then the command ends at once and the 5 s SIGKILL timer must go with the wrapper
        String mark = "m" + Long.toHexString(System.nanoTime());
        ProcessBuilder pb = new ProcessBuilder("sh", "-c", SshHost.wrapped(List.of("sleep", "300")));
        pb.environment().put("FLUXLAB_TEST_MARK", mark);
        Process wrapper = pb.start();
        new BufferedReader(new InputStreamReader(wrapper.getErrorStream())).readLine(); // the PID line: started
        wrapper.getOutputStream().close();
        assertTrue(wrapper.waitFor(10, TimeUnit.SECONDS), "wrapper still running");
        assertEquals(List.of(), marked(mark), "processes of the wrapper left after it ended (input closed)");

        // the command ends by itself while the input stays open: the input's reader must not stay
        String mark2 = "n" + Long.toHexString(System.nanoTime());
        ProcessBuilder pb2 = new ProcessBuilder("sh", "-c", SshHost.wrapped(List.of("sh", "-c", "exit 3")));
        pb2.environment().put("FLUXLAB_TEST_MARK", mark2);
        Process done = pb2.start();
        try {
            assertTrue(done.waitFor(10, TimeUnit.SECONDS), "wrapper still running");
            assertEquals(3, done.exitValue());
            assertEquals(List.of(), marked(mark2), "processes of the wrapper left after it ended (input open)");
        } finally {
            done.getOutputStream().close();
        }
    }

    /** The live processes (PID and name) whose environment holds {@code FLUXLAB_TEST_MARK=mark}, after 300 ms. */
    private static List<String> marked(String mark) throws Exception {
        Thread.sleep(300); // a process killed a moment ago may still be listed as it ends
        List<String> found = new java.util.ArrayList<>();
        byte[] want = ("FLUXLAB_TEST_MARK=" + mark).getBytes();
        try (var procs = java.nio.file.Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(d -> d.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    byte[] env = java.nio.file.Files.readAllBytes(p.resolve("environ"));
                    if (new String(env, java.nio.charset.StandardCharsets.ISO_8859_1).contains(
                            new String(want, java.nio.charset.StandardCharsets.ISO_8859_1))
                            && !java.nio.file.Files.readString(p.resolve("stat")).contains(") Z ")) {
                        found.add(p.getFileName() + " " + java.nio.file.Files.readString(p.resolve("comm")).strip());
                    }
                } catch (java.io.IOException gone) {
                    // ended meanwhile, or not ours to read
                }
            }
        }
        return found;
    }

    @Test
    void theWrapperPassesTheExitStatusAndOutput() throws Exception {
        Process wrapper = new ProcessBuilder("sh", "-c", SshHost.wrapped(List.of("sh", "-c", "echo out; exit 7"))).start();
        assertEquals("out\n", new String(wrapper.getInputStream().readAllBytes()));
        assertTrue(wrapper.waitFor(10, TimeUnit.SECONDS));
        assertEquals(7, wrapper.exitValue());
    }

    @Test
    void sshErrorsBecomeOneLineWithTheFix() {
        SshHost h = new SshHost(HostSpec.of("lab1"), Path.of("/tmp"));
        assertTrue(SshErrors.explain(h, "Host key verification failed.\n").startsWith(
                "host 'lab1': its host key is not in known_hosts (or changed)"));
        String denied = SshErrors.explain(h, "root@10.0.0.1: Permission denied (publickey).\n");
        assertTrue(denied.contains("the login was refused") && denied.contains("ssh -o BatchMode=yes lab1 true"), denied);
        assertTrue(SshErrors.explain(h, "ssh: Could not resolve hostname lab1: Name or service not known")
                .contains("does not resolve"));
        assertTrue(SshErrors.explain(h, "ssh: connect to host 10.0.0.9 port 22: Connection refused")
                .contains("no ssh server answers"));
        HostException e = assertThrows(HostException.class, () -> new SshResult(255, "", "Permission denied").requireOk(h, "x"));
        assertFalse(e.getMessage().contains("\n"));
    }
}
