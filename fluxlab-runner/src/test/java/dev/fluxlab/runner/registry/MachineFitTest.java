package dev.fluxlab.runner.registry;

import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.model.suite.SuiteException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MachineFitTest {

    private static Suite suite(String assumes, String heap) {
        return Suite.parse("f.yaml", """
                targets:
                  reactor-netty: {jvm: {heap: %s}}
                scenarios: {plaintext: {path: /plaintext}}
                %s
                """.formatted(heap, assumes));
    }

    @Test
    void warnsWhenThisMachineIsSmallerThanTheSuiteAssumes() {
        MachineFit small = new MachineFit(2, 4L << 30);
        List<String> w = small.warnings(suite("assumes: {cores: 12, memory: 16g}", "8g"));
        assertEquals(3, w.size(), w.toString());
        assertTrue(w.get(0).startsWith("the suite assumes 12 cores, this machine has 2"), w.get(0));
        assertTrue(w.get(1).equals("the suite assumes 16.0 GB of memory, this machine has 4.0 GB"), w.get(1));
        assertTrue(w.get(2).contains("gives its JVMs 8.0 GB of heap, more than this machine's 4.0 GB"), w.get(2));
        assertTrue(new MachineFit(16, 64L << 30).warnings(suite("assumes: {cores: 12, memory: 16g}", "8g")).isEmpty());
        assertTrue(small.warnings(suite("", "256m")).isEmpty());
        assertTrue(new MachineFit(2, 0).warnings(suite("assumes: {memory: 16g}", "8g")).isEmpty(), "memory unknown");
    }

    @Test
    void refusesAssumptionsThatAreNotSizes() {
        assertTrue(assertThrows(SuiteException.class, () -> suite("assumes: {cores: 0}", "1g")).problem()
                .contains("'cores' is a number of logical CPUs"));
        assertTrue(assertThrows(SuiteException.class, () -> suite("assumes: {memory: lots}", "1g")).problem()
                .contains("'memory' is a size such as 16g"));
        assertTrue(assertThrows(SuiteException.class, () -> suite("assumes: {memory: 99999999999t}", "1g")).problem()
                .contains("'memory' is a size"));
        assertTrue(assertThrows(SuiteException.class, () -> suite("assumes: {gpus: 1}", "1g")).problem()
                .contains("unknown key 'gpus'"));
    }

    @Test
    void readsMemTotal(@TempDir Path tmp) throws Exception {
        Path m = Files.writeString(tmp.resolve("meminfo"), "MemTotal:       24576000 kB\nMemFree: 1 kB\n");
        assertEquals(24576000L * 1024, MachineFit.memTotal(m));
        assertEquals(0, MachineFit.memTotal(tmp.resolve("none")));
    }
}
