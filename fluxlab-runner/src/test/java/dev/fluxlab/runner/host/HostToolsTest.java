package dev.fluxlab.runner.host;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HostToolsTest {

    private static final HostTools.Tool WRK = new HostTools.Tool("wrk", "wrk", List.of("-v"),
            "Debian's package wrk (apt-get install wrk)");

    @Test
    void aFoundToolIsOneLineWithItsVersionAndPath() {
        HostTools.Found f = HostTools.parse("inject", WRK, 0,
                "/usr/bin/wrk\nwrk debian/4.1.0-3+b2 [epoll] Copyright (C) 2012 Will Glozer\n");
        assertEquals("/usr/bin/wrk", f.path());
        assertEquals("host 'inject': wrk at /usr/bin/wrk (wrk debian/4.1.0-3+b2 [epoll] Copyright (C) 2012 Will Glozer)",
                f.line("inject"));
        assertEquals("(printed no version)", HostTools.parse("inject", WRK, 0, "/usr/bin/wrk\n").version());
    }

    @Test
    void aMissingToolStopsTheRunNamingTheHostAndWhatToInstall() {
        HostException e = assertThrows(HostException.class, () -> HostTools.parse("inject", WRK, 3, ""));
        assertEquals("host 'inject': injector 'wrk' needs the 'wrk' command there, which is not on the PATH of a "
                + "non-interactive login (ssh HOST command -v wrk); install Debian's package wrk (apt-get install wrk) "
                + "on that host, or remove the load's 'host'", e.getMessage());
        // a shell function or alias is no executable the wrapper can start
        assertThrows(HostException.class, () -> HostTools.parse("inject", WRK, 0, "wrk\n"));
    }

    @Test
    void aJvmToolsVersionIsReadFromItsJarName(@TempDir Path tmp) throws Exception {
        Path lib = Files.createDirectories(tmp.resolve("lib"));
        Files.writeString(lib.resolve("gatling-app-3.14.9.jar"), "g");
        Files.writeString(lib.resolve("gatling-core-3.14.9.jar"), "g");
        assertEquals(Optional.of("3.14.9"), HostTools.jarVersion(lib + "/*", "gatling-app"));
        assertEquals(Optional.empty(), HostTools.jarVersion(lib + "/*", "gatling-charts"));
    }

    @Test
    void noToolsWereLookedForWithoutAHost() {
        assertTrue(HostTools.none().path("inject", "wrk").isEmpty());
    }
}
