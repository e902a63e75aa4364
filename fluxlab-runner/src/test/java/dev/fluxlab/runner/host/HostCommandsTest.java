package dev.fluxlab.runner.host;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A suite's own command on a host: the remote check's answer read into a folder or one refusal naming the fix. */
class HostCommandsTest {

    private static final HostCommands.Need APP = new HostCommands.Need("my-app", "/opt/app/bin/server", "/opt/app");

    @Test
    void aFoundProgramGivesItsFolder() {
        assertEquals("/opt/app", HostCommands.read("h1", APP, 0, "/opt/app\n/opt/app/bin/server\n"));
    }

    @Test
    void eachMissingPieceIsRefusedNamingHostPathAndFix() {
        String folder = assertThrows(HostException.class, () -> HostCommands.read("h1", APP, 3, "")).getMessage();
        assertTrue(folder.startsWith("host 'h1': command target 'my-app': the working folder /opt/app does not exist "
                + "there"), folder);
        assertTrue(folder.contains("create it on that host, or correct 'cwd'"), folder);
        String program = assertThrows(HostException.class, () -> HostCommands.read("h1", APP, 5, "/opt/app\n"))
                .getMessage();
        assertTrue(program.contains("the program '/opt/app/bin/server' is not found there (relative to the working "
                + "folder /opt/app"), program);
        assertTrue(program.contains("install or copy it to that host"), program);
        String path = assertThrows(HostException.class, () -> HostCommands.read("h1",
                new HostCommands.Need("my-app", "my-server", null), 5, "/home/perf\n")).getMessage();
        assertTrue(path.contains("on the PATH of a non-interactive login"), path);
        String setsid = assertThrows(HostException.class, () -> HostCommands.read("h1", APP, 4, "")).getMessage();
        assertTrue(setsid.contains("'setsid' is not on the PATH there") && setsid.contains("util-linux"), setsid);
        for (String m : List.of(folder, program, path, setsid)) {
            assertFalse(m.contains("\n"), "one line: " + m);
        }
    }

    @Test
    void theRemoteCheckQuotesWhatItLooksFor() {
        String s = HostCommands.script(new HostCommands.Need("t", "my server", "/opt/my app"));
        assertTrue(s.contains("cd '/opt/my app'") && s.contains("command -v 'my server'"), s);
        assertTrue(HostCommands.script(new HostCommands.Need("t", "srv", null)).contains("cd  || exit"),
                "no folder: the login's home");
    }

    @Test
    void theGroupWrapperSignalsTheWholeGroupAndTheDefaultWrapperIsUnchanged() {
        String g = SshHost.wrapper(true, "INT", 3);
        assertTrue(g.contains("setsid \"$@\"") && g.contains("kill -INT -$c") && g.contains("sleep 3 ")
                && g.contains("kill -KILL -$c 2>/dev/null; exit $rc"), g);
        assertTrue(SshHost.WRAPPER.contains("kill -TERM $c;") && !SshHost.WRAPPER.contains("setsid"));
    }
}
