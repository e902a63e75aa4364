package dev.fluxlab.targets.other.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.targets.common.serve.ServeEntry;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The family's own program reads a command line as {@code fluxlab serve} does: the same targets, and a refused value
 * in the one frame naming {@code fluxlab serve <target>} with exit 2.
 */
class OtherServeTest {

    @Test
    void servesTheRawNettyAndUndertowTargets() {
        assertEquals(Set.of("netty", "undertow"), ServeEntry.commandLine(new OtherServe()).getSubcommands().keySet());
    }

    @Test
    void refusesABadValueInTheFrameOfFluxlabServe() {
        CommandLine cl = ServeEntry.commandLine(new OtherServe());
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err, true));
        assertEquals(2, cl.execute("netty", "--port", "70000"));
        assertTrue(err.toString().startsWith("fluxlab serve netty: --port: '70000' is out of range"), err.toString());
    }
}
