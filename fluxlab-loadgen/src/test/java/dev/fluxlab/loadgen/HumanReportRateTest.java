package dev.fluxlab.loadgen;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The open model's header names the rate it was given, however small. */
class HumanReportRateTest {

    @Test
    void aRateKeepsTheDigitsItNeeds() {
        assertEquals("20000", HumanReport.rate(20_000));
        assertEquals("0.5", HumanReport.rate(0.5));
        assertEquals("0.04", HumanReport.rate(0.04), "printed 0.0 with %.1f");
        assertEquals("0.0000001", HumanReport.rate(1e-7));
        assertEquals("333.333", HumanReport.rate(1000 / 3.0));
    }
}
