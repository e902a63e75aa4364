package dev.fluxlab.loadgen;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The loopback guard of {@code load}: the suite hosts' addresses come only on the command line the runner writes
 * ({@code -Dfluxlab.lab.addresses}); an environment variable in a user's shell does not lift it (issue 38, finding 5:
 * {@code FLUXLAB_LAB_ADDRESSES=<address> ./fluxlab load http://<address>:PORT/} connected with exit 0).
 */
class TargetGuardTest {

    private static final String REMOTE = "192.0.2.7"; // TEST-NET-1: never a real host

    private static String ask(Map<String, String> env, String... jvmOptions) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(List.of(jvmOptions));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), TargetGuardChild.class.getName(), REMOTE));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return out.strip();
    }

    @Test
    void anEnvironmentVariableDoesNotLiftTheGuard() throws Exception {
        String out = ask(Map.of("FLUXLAB_LAB_ADDRESSES", REMOTE));
        assertTrue(out.startsWith("refused refusing to load non-loopback target '" + REMOTE + "'"), out);
    }

    @Test
    void theRunnersOptionPermitsItsHostsOnly() throws Exception {
        assertTrue(ask(Map.of(), "-Dfluxlab.lab.addresses=10.0.0.1," + REMOTE).equals("allowed " + REMOTE));
        assertTrue(ask(Map.of(), "-Dfluxlab.lab.addresses=10.0.0.1").startsWith("refused "));
    }
}
