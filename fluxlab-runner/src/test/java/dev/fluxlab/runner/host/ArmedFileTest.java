package dev.fluxlab.runner.host;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The readied gate file, with the session's remote command run by a local shell: the file appears once fired, and
 * never when the session is given up (or its input ends, as when the runner dies).
 */
class ArmedFileTest {

    private static ArmedFile armed(Path file) throws Exception {
        return new ArmedFile(new ProcessBuilder("sh", "-c", "read line && : > '" + file + "'").start());
    }

    @Test
    void theFileAppearsWhenFiredAndNeverWhenGivenUp(@TempDir Path dir) throws Exception {
        Path gate = dir.resolve("gate-1");
        ArmedFile a = armed(gate);
        Thread.sleep(100);
        assertFalse(Files.exists(gate), "readied, not yet created");
        a.fire();
        assertTrue(a.await(Duration.ofSeconds(10)), "the session ended well");
        assertTrue(Files.exists(gate));

        Path never = dir.resolve("gate-2");
        ArmedFile b = armed(never);
        b.cancel();
        assertFalse(Files.exists(never), "an input that ends without a line creates nothing");
    }
}
