package dev.fluxlab.runner.host;

import dev.fluxlab.model.placement.CpuList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The host layer against real sshd servers: two network-namespace hosts made by {@code scripts/lab-hosts.sh} (its
 * own lab, {@code fxitXYZ-h1/2}, a random suffix per run, beside any lab already up), taken down afterwards. Needs root for the namespaces.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NamespaceHostsTest {

    /** The lab's name and link tag, unique per run, so two runs on one machine do not collide on one bridge. */
    private static final String LAB = "fxit" + Long.toString(java.util.concurrent.ThreadLocalRandom.current()
            .nextLong(36L * 36 * 36), 36);

    private static final Duration T = Duration.ofSeconds(30);

    private Path script;
    private Path labDir;
    private Path workDir;
    private SshHost h1;
    private SshHost h2;
    private String h1Address;
    private String lastCpu;

    @BeforeAll
    void up() throws Exception {
        assumeTrue("0".equals(sh("id -u").strip()), "needs root to create network namespaces for test hosts "
                + "(scripts/lab-hosts.sh); run the tests as root, as CI does");
        script = Path.of("").toAbsolutePath().getParent().resolve("scripts/lab-hosts.sh");
        labDir = Files.createTempDirectory("fxit-lab");
        workDir = Files.createTempDirectory("fxit-work");
        lastCpu = Files.readString(Path.of(CpuAffinity.ONLINE)).strip().replaceAll(".*\\D", "");
        lab("up", "2", "--cpus", ";" + lastCpu); // h2 runs on the last CPU only, h1 on all
        Path cfg = labDir.resolve("ssh_config");
        HostSpec base = HostSpec.of(LAB + "-h1").withSshConfig(cfg).withJdk(System.getProperty("java.home"))
                .withWorkDir(workDir.toString());
        h1 = SshHost.of(base);
        h2 = SshHost.of(new HostSpec(LAB + "-h2", cfg, base.jdk(), workDir.resolve("h2").toString(), null));
        h1Address = Files.readAllLines(labDir.resolve("hosts.tsv")).get(1).split("\t")[2];
    }

    @AfterAll
    void down() throws Exception {
        if (labDir == null) {
            return;
        }
        for (SshHost h : new SshHost[]{h1, h2}) {
            if (h != null) {
                h.close();
            }
        }
        lab("down");
        sh("rm -rf '" + workDir + "'");
        assertFalse(sh("ip netns list").contains(LAB + "-h"), "namespaces left after down");
    }

    @Test
    void commandsRunInsideTheHostsNamespace() {
        String ns = h1.run(T, "readlink /proc/self/ns/net; ip -4 -o addr show eth0").requireOk(h1, "x").stdout();
        assertTrue(ns.contains(" " + h1Address + "/24"), ns);
        assertNotEquals(sh("readlink /proc/self/ns/net").strip(), ns.lines().findFirst().orElseThrow());
    }

    @Test
    void checkFindsJavaCpusAndAClockOffsetWithinItsUncertainty() throws IOException {
        HostFacts f = HostCheck.check(h1);
        assertTrue(f.javaFeature() >= HostCheck.MIN_JAVA, f.toString());
        assertEquals(CpuAffinity.localOnline(), f.onlineCpus(), "a namespace host shares this kernel's CPUs");
        // same kernel clock: the true offset is 0, so it must lie inside the measured bound (+1 ms for rounding)
        assertTrue(Math.abs(f.clock().offsetMicros()) <= f.clock().uncertaintyMicros() + 1_000, f.clock().toString());
    }

    @Test
    void aHostsCpuListFromLabHostsBoundsTheCpusItsSessionsMayUse() {
        HostFacts f = HostCheck.check(h2);
        assertEquals(CpuList.parse(lastCpu), f.onlineCpus(), "h2's sshd runs on CPU " + lastCpu);
        String mask = h2.run(T, "taskset -cp $$").requireOk(h2, "read its affinity").stdout().strip();
        assertTrue(mask.endsWith(": " + lastCpu), "what a session there starts inherits it: " + mask);
    }

    @Test
    void aTooOldOrMissingJavaIsOneClearError() {
        HostException missing = assertThrows(HostException.class,
                () -> HostCheck.check(SshHost.of(h2.spec().withJdk("/nonexistent/jdk"))));
        assertTrue(missing.getMessage().startsWith("host '" + LAB + "-h2': no usable Java at /nonexistent/jdk/bin/java"),
                missing.getMessage());
        Path jdk17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64");
        if (Files.isExecutable(jdk17.resolve("bin/java"))) {
            HostException old = assertThrows(HostException.class,
                    () -> HostCheck.check(SshHost.of(h2.spec().withJdk(jdk17.toString()))));
            assertTrue(old.getMessage().contains("is Java 17, fluxlab needs 21 or newer"), old.getMessage());
        }
    }

    @Test
    void anUnknownHostKeyOrNameIsRefusedWithTheFix() throws IOException {
        Path cfg = labDir.resolve("no-known-hosts.cfg");
        Files.writeString(cfg, "Host " + LAB + "-nokey\n  HostName " + h1Address + "\n  User root\n  IdentityFile "
                + labDir.resolve("id_ed25519") + "\n  UserKnownHostsFile /dev/null\n  GlobalKnownHostsFile /dev/null\n");
        // its own control directory: the shared connection to the same address and user (verified against the lab's
        // known_hosts) would otherwise be reused, and rightly so, without a new host-key check
        Path control = Files.createTempDirectory(Path.of("/tmp"), "fxc");
        HostException key = assertThrows(HostException.class,
                () -> HostCheck.check(new SshHost(HostSpec.of(LAB + "-nokey").withSshConfig(cfg), control)));
        assertTrue(key.getMessage().startsWith("host '" + LAB + "-nokey': its host key is not in known_hosts"), key.getMessage());
        HostException name = assertThrows(HostException.class,
                () -> HostCheck.check(new SshHost(HostSpec.of(LAB + "-h9.invalid").withSshConfig(cfg), control)));
        assertTrue(name.getMessage().contains("does not resolve"), name.getMessage());
        Files.delete(control);
    }

    @Test
    void aRemoteProcessEndsWithinSecondsWhenItsSshClientIsKilled() throws Exception {
        RemoteProcess p = h1.start(List.of("sh", "-c", "echo $$; exec sleep 300"), Map.of());
        ProcessHandle remote = remotePid(p);
        assertTrue(remote.isAlive());
        long t0 = System.nanoTime();
        p.client().destroyForcibly(); // what a crashed or SIGKILLed runner leaves behind
        assertTrue(remote.onExit().completeOnTimeout(null, 5, TimeUnit.SECONDS).get() != null,
                "the remote process outlived its ssh client by 5 s");
        System.out.printf("remote process gone %.0f ms after its ssh client was killed%n", (System.nanoTime() - t0) / 1e6);
    }

    @Test
    void stopEndsTheRemoteProcessAndReturnsItsStatus() throws Exception {
        RemoteProcess p = h2.start(List.of("sh", "-c", "echo $$; exec sleep 300"), Map.of("FLUXLAB_X", "1"));
        ProcessHandle remote = remotePid(p);
        assertEquals(143, p.stop(Duration.ofSeconds(10)), "SIGTERM's status through ssh");
        assertFalse(remote.isAlive());
    }

    @Test
    void shipsOnlyWhatChanged() throws Exception {
        Path local = Files.createTempDirectory("fxit-jars");
        byte[] big = new byte[1_500_000];
        new Random(1).nextBytes(big);
        Path a = Files.write(local.resolve("a.jar"), big);
        Path b = Files.writeString(local.resolve("b.jar"), "first");
        assertEquals("host '" + LAB + "-h1': shipped 2 files (1.5 MB)", JarShipper.ship(h1, List.of(a, b)).message());
        assertEquals("host '" + LAB + "-h1': nothing to ship: 2 files up to date", JarShipper.ship(h1, List.of(a, b)).message());
        Files.writeString(b, "second");
        assertEquals(new ShipReport(LAB + "-h1", 1, 6, 1), JarShipper.ship(h1, List.of(a, b)));
        String remote = h1.run(T, "cd '" + workDir + "' && sha256sum a.jar b.jar").requireOk(h1, "x").stdout();
        assertEquals(JarShipper.sha256(a) + "  a.jar\n" + JarShipper.sha256(b) + "  b.jar\n", remote);
        h1.run(T, "rm '" + workDir + "/a.jar'").requireOk(h1, "x");
        assertEquals(1, JarShipper.ship(h1, List.of(a, b)).shipped(), "a file gone from the host is shipped again");
        sh("rm -rf '" + local + "'");
    }

    private static ProcessHandle remotePid(RemoteProcess p) throws IOException {
        String line = new BufferedReader(new InputStreamReader(p.client().getInputStream())).readLine();
        // network namespaces share this machine's PID namespace, so the remote PID is visible here
        return ProcessHandle.of(Long.parseLong(line.strip())).orElseThrow();
    }

    private void lab(String... args) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(script.toString());
        pb.command().addAll(List.of(args));
        pb.environment().putAll(Map.of("FLUXLAB_LAB_DIR", labDir.toString(), "FLUXLAB_LAB_NAME", LAB,
                "FLUXLAB_LAB_TAG", LAB));
        Process p = pb.redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0, "lab-hosts.sh " + String.join(" ", args) + ": " + out);
    }

    private static String sh(String command) {
        try {
            Process p = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            p.waitFor();
            return out;
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
