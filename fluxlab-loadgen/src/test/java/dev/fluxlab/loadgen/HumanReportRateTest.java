package dev.fluxlab.loadgen;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The open model's header and warnings name the rate it was given, however small. */
class HumanReportRateTest {

    @Test
    void aRateKeepsTheDigitsItNeeds() {
        assertEquals("20000", HumanReport.rate(20_000));
        assertEquals("0.5", HumanReport.rate(0.5));
        assertEquals("0.04", HumanReport.rate(0.04), "printed 0.0 with %.1f");
        assertEquals("0.0000001", HumanReport.rate(1e-7));
        assertEquals("333.333", HumanReport.rate(1000 / 3.0));
    }

    /** The two warnings that name the rate printed 0.5 req/s as "0 req/s" and 0.6 as "1 req/s" ({@code %.0f}). */
    @Test
    void theWarningsNameASlowRateAsGiven() {
        org.junit.jupiter.api.Assertions.assertTrue(MeasuredWindow.backlogWarning(3, 0.5).contains("(6000 ms of sends at "
                + "0.5 req/s)"), MeasuredWindow.backlogWarning(3, 0.5));
        String behind = LoadGenerator.behindScheduleWarning(1, 0, 2, 0.6, 10);
        org.junit.jupiter.api.Assertions.assertTrue(behind.contains("(0.6 req/s for 10.0 s intends 6)"), behind);
        org.junit.jupiter.api.Assertions.assertTrue(LoadGenerator.behindScheduleWarning(1, 0, 2, 20_000, 10)
                .contains("(20000 req/s for 10.0 s intends 200000)"));
    }
}
