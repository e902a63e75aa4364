package dev.fluxlab.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RunResult;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A suite run end to end ({@code fluxlab run}) whose cells must all come out measured and clean: the check the
 * end-to-end run tests share, so that what "a valid run" means to them is said once. Each test asserts what is its
 * own (the protocol recorded, a target's stats) on the results it returns.
 */
final class ValidRun {

    private ValidRun() {
    }

    /**
     * Runs {@code suite} into {@code out} and asserts: exit 0, {@code cells} cells, each valid (its reasons shown
     * otherwise) with a throughput above zero and no error.
     *
     * @return the run's results.json
     */
    static RunResult of(Path suite, Path out, int cells) throws IOException {
        Fluxlab.Outcome o = Fluxlab.execute("run", "--out", out.toString(), suite.toString());
        assertEquals(0, o.code(), o.out() + o.err());
        RunResult r = Json.read(out.resolve("results.json"), RunResult.class);
        assertEquals(cells, r.cells().size());
        for (CellResult c : r.cells()) {
            assertTrue(c.valid(), c.id() + ": " + c.reasons());
            assertTrue(c.summary().throughputRps().median() > 0, c.id());
            assertEquals(0, c.summary().errors().median(), c.id());
        }
        return r;
    }
}
