package dev.fluxlab.runner.host;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Why a host's agent gave no first report, in the words that help. */
class HostAgentTest {

    /** An audit truncated a jar on the host: the agent died at once, and the run said "did not report within 30 s". */
    @Test
    void anAgentThatEndedIsQuotedNotTimedOut() {
        String m = HostAgent.notReady("back", true, List.of("Exception in thread \"main\" java.lang.NoClassDefFoundError: "
                + "dev/fluxlab/targets/reactor/plain/ReactorNettyServerConfig"), "ssh back java -cp ...");
        assertTrue(m.startsWith("host 'back': the fluxlab agent ended before its first report, saying: Exception in "
                + "thread \"main\" java.lang.NoClassDefFoundError"), m);
        assertTrue(m.endsWith("delete the host's work_dir to ship them again") && !m.contains("ssh back"), m);
        assertEquals("host 'back': the fluxlab agent did not report within 30 s: check `ssh back java -cp ...` by hand",
                HostAgent.notReady("back", false, List.of(), "ssh back java -cp ..."));
    }
}
