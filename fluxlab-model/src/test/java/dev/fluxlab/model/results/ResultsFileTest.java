package dev.fluxlab.model.results;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Numbers no run writes in a results.json are refused with where they are, as a bare NaN already was. */
class ResultsFileTest {

    private static final String HEAD = "{\"schema\":\"" + RunResult.SCHEMA + "\",\"cells\":[{\"id\":\"a\",";

    /**
     * A number beyond a double's range read as infinity without a word: the report printed the cell's throughput as
     * '-' and exited 0, while a bare Infinity in the same place was refused.
     */
    @Test
    void aNumberThatReadsAsInfinityIsRefusedWithItsPlace(@TempDir Path tmp) throws Exception {
        for (String number : new String[]{"1e400", "-1e400", "1" + "0".repeat(400)}) {
            Path file = Files.writeString(tmp.resolve("results.json"),
                    HEAD + "\"summary\":{\"throughput_rps\":{\"median\":" + number + "}}}]}");
            ResultsFile.Refused e = assertThrows(ResultsFile.Refused.class, () -> ResultsFile.read(file));
            assertEquals(file + " is damaged: cells[0].summary.throughput_rps.median is a number too large for a "
                    + "double (above 1.8e308, it reads as infinity), which no run writes; regenerate the file with "
                    + "'fluxlab run'", e.getMessage());
        }
        Path fine = Files.writeString(tmp.resolve("results.json"),
                HEAD + "\"summary\":{\"throughput_rps\":{\"median\":1.7e308}}}]}");
        assertEquals(1, ResultsFile.read(fine).cells().size());
    }

    /** A whole number out of its field's range said 'cannot be read (Numeric value)', the parser's words cut short. */
    @Test
    void aWholeNumberOutOfRangeSaysSo(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("results.json"),
                HEAD + "\"repeats\":[{\"repeat\":9223372036854775808}]}]}");
        IOException e = assertThrows(IOException.class, () -> ResultsFile.read(file));
        assertEquals("the value at /cells/0/repeats/0/repeat cannot be read ('9223372036854775808' is too large a "
                + "number (at most 2147483647))", Json.problem(e));
    }
}
