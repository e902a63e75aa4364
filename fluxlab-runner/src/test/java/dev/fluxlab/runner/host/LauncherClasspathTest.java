package dev.fluxlab.runner.host;

import dev.fluxlab.model.placement.CpuList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A command line for a suite host gets the host's form of every classpath on it: fluxlab's own, or one shipped for a
 * target or tool of its own classpath; a classpath that was not shipped there is an error, never a local path run on
 * a machine that does not have it.
 */
class LauncherClasspathTest {

    private static final String OWN = "/lab/fluxlab-cli/target/fluxlab-cli.jar:/lab/fluxlab-cli/target/lib/a.jar";
    private static final String SPRING = "/lab/fluxlab-targets-spring/target/fluxlab-targets-spring.jar:"
            + "/lab/fluxlab-targets-spring/target/lib/*";

    private static LabHost host(Path runDir) {
        HostFacts facts = new HostFacts("front", "/opt/jdk/bin/java", 25, "openjdk version \"25\"",
                CpuList.parse("0-1"), new ClockOffset(0, 0));
        return new LabHost("front", null, "10.0.0.12", facts, null, "w/fluxlab-cli.jar:w/a.jar", runDir,
                "w/runs/r1", null);
    }

    @Test
    void aTargetsOwnClasspathIsReplacedByTheOneShippedThere(@TempDir Path runDir) {
        Launcher launcher = new Launcher("/jdk/bin/java", OWN);
        launcher.use(LabHosts.none(), runDir);
        launcher.equip(HostClasspaths.of(Map.of("front", Map.of(SPRING,
                "w/classpaths/fluxlab-targets-spring-0123456789ab/fluxlab-targets-spring.jar"))), HostTools.none());
        List<String> remote = launcher.translate(host(runDir), List.of("/jdk/bin/java", "-Xmx256m", "-cp", SPRING,
                "dev.fluxlab.targets.spring.Main", "--host", "127.0.0.1"), true, new LinkedHashMap<>());
        assertEquals(List.of("/opt/jdk/bin/java", "-Xmx256m", "-cp",
                "w/classpaths/fluxlab-targets-spring-0123456789ab/fluxlab-targets-spring.jar",
                "dev.fluxlab.targets.spring.Main", "--host", "10.0.0.12"), remote);
        assertEquals("w/fluxlab-cli.jar:w/a.jar", launcher.translate(host(runDir), List.of("/jdk/bin/java", "-cp", OWN,
                "dev.fluxlab.cli.Main"), false, new LinkedHashMap<>()).get(2), "fluxlab's own as before");
    }

    @Test
    void aClasspathNotShippedThereIsRefused(@TempDir Path runDir) {
        Launcher launcher = new Launcher("/jdk/bin/java", OWN);
        launcher.use(LabHosts.none(), runDir);
        HostException e = assertThrows(HostException.class, () -> launcher.translate(host(runDir),
                List.of("/jdk/bin/java", "-cp", SPRING, "dev.fluxlab.targets.spring.Main"), true,
                new LinkedHashMap<>()));
        assertTrue(e.getMessage().startsWith("host 'front': the classpath " + SPRING + " was not shipped there"),
                e.getMessage());
    }

    @Test
    void aToolNotLookedForOnAHostIsABugNotAGuess() {
        Launcher launcher = new Launcher("/jdk/bin/java", OWN);
        assertThrows(HostException.class, () -> launcher.toolPath("inject", "wrk"));
    }
}
