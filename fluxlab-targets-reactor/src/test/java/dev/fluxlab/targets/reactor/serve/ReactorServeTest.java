package dev.fluxlab.targets.reactor.serve;

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
class ReactorServeTest {

    @Test
    void servesTheReactorFamilysTargets() {
        assertEquals(Set.of("reactor-netty", "frontend", "httpclient-loader", "mock-api", "fan-out"),
                ServeEntry.commandLine(new ReactorServe()).getSubcommands().keySet());
    }

    @Test
    void refusesABadValueInTheFrameOfFluxlabServe() {
        CommandLine cl = ServeEntry.commandLine(new ReactorServe());
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err, true));
        assertEquals(2, cl.execute("reactor-netty", "--transport", "dpdk"));
        assertTrue(err.toString().startsWith("fluxlab serve reactor-netty: --transport: unknown transport 'dpdk'"),
                err.toString());
    }
}
