package dev.fluxlab.runner.host;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JarShipperTest {

    @Test
    void manifestIsSha256sumFormat(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("a.jar"), "abc");
        String hash = JarShipper.sha256(f);
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", hash);
        assertEquals(Map.of("a.jar", hash, "b c.jar", hash),
                JarShipper.parseManifest(hash + "  a.jar\n" + hash + "  b c.jar\nnoise\n"));
    }

    @Test
    void reportSaysWhatWasShipped() {
        assertEquals("host 'h1': shipped 2 files (3.5 MB), 40 up to date", new ShipReport("h1", 2, 3_500_000, 40).message());
        assertEquals("host 'h1': shipped 1 file (0.0 MB)", new ShipReport("h1", 1, 10, 0).message());
        assertEquals("host 'h1': nothing to ship: 42 files up to date", new ShipReport("h1", 0, 0, 42).message());
    }

    @Test
    void twoFilesOfTheSameNameAreRefusedBeforeAnyConnection(@TempDir Path dir) throws Exception {
        Path a = Files.writeString(Files.createDirectories(dir.resolve("x")).resolve("lib.jar"), "1");
        Path b = Files.writeString(Files.createDirectories(dir.resolve("y")).resolve("lib.jar"), "2");
        SshHost never = new SshHost(HostSpec.of("unused.invalid"), dir);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JarShipper.ship(never, List.of(a, b)));
        assertTrue(e.getMessage().contains("same file name"), e.getMessage());
    }
}
