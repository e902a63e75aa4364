package dev.fluxlab.loadgen;

import dev.fluxlab.model.run.WindowNoise;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The Steadiness rows of {@code fluxlab load}: one column per window length, the figures under their window. */
class HumanReportSteadinessTest {

    @Test
    void oneColumnPerWindowLength() {
        String text = HumanReport.steadiness(List.of(new WindowNoise(1, 149, 5.93, 27.6),
                new WindowNoise(16, 8, 6.3, 15.44)));
        assertEquals("""
                  Steadiness   how far adjacent windows of the measured phase differ in req/s:
                               window     1 s   16 s
                               median    5.9%   6.3%
                               worst    27.6%  15.4%
                """, text);
    }

    @Test
    void aShortLoadHasNoRows() {
        assertEquals("", HumanReport.steadiness(List.of()));
    }
}
