package dev.fluxlab.model.suite;

import dev.fluxlab.model.placement.CellPlacement;
import dev.fluxlab.model.placement.CpuList;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SuiteHostsTest {

    private static Suite suite(String hosts, String backendHost, String load) {
        return Suite.parse("h.yaml", """
                %s
                targets:
                  chain:
                    entry: frontend
                    processes:
                      backend: {target: reactor-netty%s}
                      frontend: {target: reactor-netty}
                scenarios:
                  plaintext: {path: /plaintext}
                load: %s
                """.formatted(hosts, backendHost, load));
    }

    private static SuiteException refused(Runnable r) {
        return assertThrows(SuiteException.class, r::run);
    }

    private static final String TWO = """
            hosts:
              back: {ssh: perf@10.1.0.13, jdk: /opt/jdk-21}
              inject: {ssh: lab-inject, address: 10.1.0.11}
            """;

    @Test
    void rolesArePlacedOnTheirHostsAndEachHostsCpusAreCheckedThere() {
        Suite s = suite(TWO, ", host: back, cpus: \"6\"", "{connections: 4, host: inject}");
        assertEquals("10.1.0.13", s.hosts().get("back").bindAddress(), "the address of user@address");
        assertEquals("10.1.0.11", s.hosts().get("inject").bindAddress());
        Cell cell = s.cells().getFirst();
        // this machine has CPUs 0-1: CPU 6 is the back host's, not checked until its CPUs are known
        CellPlacement p = s.placement(cell, CpuList.parse("0-1"));
        assertEquals("back", p.target("backend").host());
        assertNull(p.target("frontend").host());
        assertEquals("inject", p.injectors().getFirst().host());
        SuiteException e = refused(() -> s.placement(cell, h -> CpuList.parse("0-3")));
        assertTrue(e.problem().contains("role 'backend' on host 'back': CPU 6 does not exist there"), e.problem());
    }

    /** A work_dir the remote command line cannot carry is refused at load with its file and line (issue 38, 8). */
    @Test
    void aWorkDirBreakingTheRemoteCommandLineIsRefusedAtItsLine() {
        for (String dir : new String[]{"\"/data/a\\\"b\"", "/data/a:b", "/data/a,b", "/data/$HOME"}) {
            SuiteException e = refused(() -> suite("""
                    hosts:
                      back:
                        ssh: perf@10.1.0.13
                        work_dir: %s
                    """.formatted(dir), ", host: back", "{connections: 4}"));
            assertTrue(e.getMessage().startsWith("h.yaml:4:"), e.getMessage());
            assertTrue(e.problem().contains("host 'back': work_dir '") && e.problem().contains("has a character the "
                    + "remote command line cannot carry"), e.problem());
        }
        assertEquals("/data/fluxlab runs", suite(TWO.replace("jdk: /opt/jdk-21", "work_dir: /data/fluxlab runs"),
                ", host: back", "{connections: 4, host: inject}").hosts().get("back").workDir());
    }

    private static final String THREE = TWO + "  inject2: {ssh: lab-inject2, address: 10.1.0.12}\n";

    @Test
    void injectorsAreSpreadOverTheirHostsInBlocksEachWithItsHostsCpus() {
        Suite s = suite(THREE, ", host: back", "{connections: 6, injectors: 3, host: [inject, inject2], cpus: [\"0-1\", "
                + "\"3\"]}");
        CellPlacement p = s.placement(s.cells().getFirst(), h -> CpuList.parse("0-3"));
        assertEquals(List.of("injector-1@inject:0", "injector-2@inject:1", "injector-3@inject2:3"),
                p.injectors().stream().map(r -> r.role() + "@" + r.host() + ":" + r.cpus()).toList(),
                "3 over 2 hosts: 2 then 1; the first host's list split between its two");
        Suite shared = suite(THREE, ", host: back", "{connections: 4, injectors: 2, host: [inject, inject2], cpus: \"1\"}");
        assertEquals(List.of("injector-1@inject:1", "injector-2@inject2:1"), shared.placement(
                        shared.cells().getFirst(), h -> CpuList.parse("0-3")).injectors().stream()
                .map(r -> r.role() + "@" + r.host() + ":" + r.cpus()).toList(), "one list: the same CPUs on each host");
        SuiteException offline = refused(() -> s.placement(s.cells().getFirst(),
                h -> "inject2".equals(h) ? CpuList.parse("0-1") : CpuList.parse("0-3")));
        assertEquals(14, offline.line());
        assertTrue(offline.problem().contains("role 'injector-3' on host 'inject2': CPU 3 does not exist there"),
                offline.problem());
    }

    @Test
    void injectorHostsAreRefusedAtTheirLineWhenTheyCannotHoldTheInjectors() {
        SuiteException unknown = refused(() -> suite(THREE, "", "{connections: 4, injectors: 2, host: [inject, "
                + "nowhere]}"));
        assertEquals(14, unknown.line());
        assertTrue(unknown.problem().contains("host 'nowhere' is not declared under 'hosts:'"), unknown.problem());
        SuiteException more = refused(() -> suite(THREE, "", "{connections: 4, injectors: [1, 2], host: [inject, "
                + "inject2]}"));
        assertEquals(14, more.line());
        assertTrue(more.problem().contains("1 injector cannot be spread over 2 hosts"), more.problem());
        SuiteException twice = refused(() -> suite(THREE, "", "{connections: 4, injectors: 2, host: [inject, "
                + "inject]}"));
        assertTrue(twice.problem().contains("host 'inject' is named twice"), twice.problem());
        SuiteException lists = refused(() -> suite(THREE, "", "{connections: 4, injectors: 2, host: [inject, "
                + "inject2], cpus: [\"0\", \"1\", \"2\"]}"));
        assertEquals(14, lists.line());
        assertTrue(lists.problem().contains("'cpus' gives 3 CPU lists for 2 injector hosts"), lists.problem());
    }

    @Test
    void anUndeclaredHostIsRefusedAtItsLine() {
        SuiteException e = refused(() -> suite(TWO, ", host: front", "{connections: 4}"));
        assertEquals(9, e.line(), "the backend's line");
        assertTrue(e.problem().contains("host 'front' is not declared under 'hosts:' (declared: back, inject)"),
                e.problem());
        SuiteException none = refused(() -> suite("", "", "{connections: 4, host: inject}"));
        assertTrue(none.problem().contains("add it there"), none.problem());
    }

    @Test
    void aHostNeedsAnSshDestinationAndAnAddress() {
        SuiteException alias = refused(() -> suite("hosts:\n  a: {ssh: lab-a}\n", "", "{connections: 4}"));
        assertEquals(2, alias.line());
        assertTrue(alias.problem().contains("give the address its targets bind"), alias.problem());
        SuiteException name = refused(() -> suite("hosts:\n  a: {ssh: lab-a, address: lab-a.example}\n", "",
                "{connections: 4}"));
        assertTrue(name.problem().contains("is not an IP address"), name.problem());
        SuiteException blank = refused(() -> suite("hosts:\n  a: {address: 10.0.0.1}\n", "", "{connections: 4}"));
        assertTrue(blank.problem().contains("needs 'ssh'"), blank.problem());
        SuiteException cfg = refused(() -> suite("hosts:\n  a: {ssh: 10.0.0.1, ssh_config: /nonexistent/cfg}\n", "",
                "{connections: 4}"));
        assertTrue(cfg.problem().contains("ssh config file /nonexistent/cfg does not exist"), cfg.problem());
        assertFalse(cfg.problem().contains("lab-hosts.sh"), cfg.problem());
        SuiteException lab = refused(() -> suite("hosts:\n  a: {ssh: 10.0.0.1, ssh_config: /nonexistent/fluxlab-lab/ssh_config}\n",
                "", "{connections: 4}"));
        assertTrue(lab.problem().contains("sudo scripts/lab-hosts.sh up 3"), "the lab's own file names the script: "
                + lab.problem());
        SuiteException folder = refused(() -> suite("hosts:\n  a: {ssh: 10.0.0.1, ssh_config: /tmp}\n", "",
                "{connections: 4}"));
        assertTrue(folder.problem().contains("ssh config file /tmp is a folder"), folder.problem());
        // an empty path was read as the working folder, a device said not to exist
        SuiteException empty = refused(() -> suite("hosts:\n  a: {ssh: 10.0.0.1, ssh_config: ''}\n", "",
                "{connections: 4}"));
        assertTrue(empty.problem().contains("host 'a': ssh config file is empty; give an existing file"),
                empty.problem());
        SuiteException device = refused(() -> suite("hosts:\n  a: {ssh: 10.0.0.1, ssh_config: /dev/null}\n", "",
                "{connections: 4}"));
        assertTrue(device.problem().contains("ssh config file /dev/null is not a regular file (a device, a pipe or a "
                + "socket)"), device.problem());
        for (String bad : List.of("0.0.0.0", "255.255.255.255", "224.0.0.1", "300.1.1.1", "'::'", "'ff02::1'")) {
            SuiteException e = refused(() -> suite("hosts:\n  a: {ssh: lab-a, address: " + bad + "}\n", "",
                    "{connections: 4}"));
            assertTrue(e.problem().contains("is not the address of one machine"), bad + ": " + e.problem());
        }
    }

    @Test
    void autoPlacementIsRefusedWithHosts() {
        SuiteException e = refused(() -> Suite.parse("a.yaml", TWO + """
                targets: {reactor-netty: {host: back}}
                scenarios: {plaintext: {path: /plaintext}}
                load: {connections: 4}
                placement: auto
                """));
        assertTrue(e.problem().contains("'placement: auto' splits this machine's CPUs"), e.problem());
    }

    /**
     * A remote host given a loopback address had passed: the runner would load and probe 127.0.0.1, this machine,
     * not the host. A host reached at loopback itself (ssh to 127.0.0.1 or localhost) stays fine.
     */
    @Test
    void aLoopbackAddressOfAnotherMachineIsRefused() {
        String base = "targets: {reactor-netty: {host: h}}\nscenarios: {p: {path: /p}}\n";
        for (String hosts : List.of("hosts: {h: {ssh: perf@10.1.0.12, address: 127.0.0.1}}\n",
                "hosts: {h: {ssh: lab-front, address: \"::1\"}}\n",
                "hosts: {h: {ssh: lab-front, address: 127.1.2.3}}\n")) {
            SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("s.yaml", hosts + base));
            assertTrue(e.getMessage().startsWith("s.yaml:1:") && e.getMessage().contains("is loopback, which from this "
                    + "machine reaches this machine, not"), e.getMessage());
        }
        for (String hosts : List.of("hosts: {h: {ssh: perf@127.0.0.1}}\n",
                "hosts: {h: {ssh: perf@localhost, address: 127.0.0.1}}\n",
                "hosts: {h: {ssh: perf@10.1.0.12}}\n")) {
            assertEquals(1, Suite.parse("s.yaml", hosts + base).cells().size(), hosts);
        }
    }
}
