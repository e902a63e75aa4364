package dev.fluxlab.runner.host;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class CpuAffinityTest {

    @Test
    void cpusTheHostDoesNotHaveAreRefused() {
        CpuList online = CpuList.parse("0-1");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CpuAffinity.requireOnline(
                new RolePlacement("frontend", "lab1", CpuList.parse("1-3")), online));
        assertEquals("role 'frontend' on host 'lab1': CPU 2,3 does not exist there (online: 0,1); use CPUs of 0,1",
                e.getMessage());
        assertDoesNotThrow(() -> CpuAffinity.requireOnline(new RolePlacement("x", "lab1", CpuList.parse("1")), online));
        assertDoesNotThrow(() -> CpuAffinity.requireOnline(new RolePlacement("x", "lab1", null), online));
    }

    @Test
    void prefixAndActiveProcessorCount() {
        assertEquals(List.of("taskset", "-c", "0-3"), CpuAffinity.prefix(CpuList.parse("0,1,2,3")));
        assertEquals(List.of(), CpuAffinity.prefix(null));
        assertEquals(Optional.empty(), CpuAffinity.activeProcessorCount(CpuList.parse("4,5"), 2));
        assertEquals(Optional.of("-XX:ActiveProcessorCount=2"), CpuAffinity.activeProcessorCount(CpuList.parse("4,5"), 8));
        assertEquals(Optional.empty(), CpuAffinity.activeProcessorCount(null, 8));
    }

    @Test
    void exclusivePlacementFindsSharedCpusPerHostOnly() {
        List<String> problems = CpuAffinity.overlaps(List.of(
                new RolePlacement("backend", "h1", CpuList.parse("0-1")),
                new RolePlacement("frontend", "h1", CpuList.parse("1-2")),
                new RolePlacement("injector", "h2", CpuList.parse("0-1")),
                new RolePlacement("injector-2", "h2", CpuList.parse("2-3"))));
        assertEquals(List.of("roles 'backend' and 'frontend' on host 'h1' share CPU 1 (0,1 and 1,2); exclusive placement "
                + "needs disjoint CPU lists"), problems);
        List<String> open = CpuAffinity.overlaps(List.of(new RolePlacement("backend", "local", CpuList.parse("0")),
                new RolePlacement("injector", "local", null)));
        assertEquals(1, open.size());
        assertTrue(open.getFirst().contains("'injector' has no CPU list"), open.getFirst());
    }

    /** The finding written on {@link CpuAffinity}: under taskset the JVM already reports the placed CPU count. */
    @Test
    void aJvmUnderTasksetSeesOnlyItsCpus() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/taskset")), "taskset (util-linux) is not installed");
        CpuList online = CpuAffinity.localOnline();
        String java = ProcessHandle.current().info().command().orElseThrow();
        String cp = System.getProperty("java.class.path");
        CpuList first = CpuList.parse(online.toString().split("[,-]")[0]);
        for (CpuList placed : new CpuList[]{first, online}) {
            List<String> cmd = new ArrayList<>(CpuAffinity.prefix(placed));
            cmd.addAll(List.of(java, "-cp", cp, PrintProcessors.class.getName()));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).strip();
            assertEquals(0, p.waitFor(), out);
            assertEquals(Optional.empty(), CpuAffinity.activeProcessorCount(placed, Integer.parseInt(out)),
                    "under taskset -c " + placed + " the JVM reported " + out);
        }
    }
}
