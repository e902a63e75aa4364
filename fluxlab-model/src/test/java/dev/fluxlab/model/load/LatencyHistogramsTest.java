package dev.fluxlab.model.load;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LatencyHistogramsTest {

    @Test
    void encodeDecodeKeepsEveryValue() {
        Histogram h = new Histogram(3_600_000_000L, 3);
        for (long v = 1; v <= 10_000; v += 7) {
            h.recordValue(v * 13);
        }
        Histogram back = LatencyHistograms.decode(LatencyHistograms.encode(h));
        assertEquals(h, back);
        assertEquals(h.getValueAtPercentile(99) / 1e3, LatencyHistograms.summary(back).p99());
    }

    @Test
    void damagedValueIsOneClearError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LatencyHistograms.decode("AAAA"));
        assertTrue(e.getMessage().contains("HdrHistogram"), e.getMessage());
    }

    @Test
    void emptyHistogramSummarisesToZeros() {
        assertEquals(0, LatencyHistograms.summary(new Histogram(3)).max());
    }
}
