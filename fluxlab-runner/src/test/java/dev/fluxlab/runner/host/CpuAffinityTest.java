package dev.fluxlab.runner.host;

import dev.fluxlab.model.placement.CpuList;
import dev.fluxlab.model.placement.RolePlacement;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
            cmd.addAll(List.of(java, "-cp", cp, ProcessorCount.class.getName()));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).strip();
            assertEquals(0, p.waitFor(), out);
            assertEquals(Optional.empty(), CpuAffinity.activeProcessorCount(placed, Integer.parseInt(out)),
                    "under taskset -c " + placed + " the JVM reported " + out);
        }
    }
}
