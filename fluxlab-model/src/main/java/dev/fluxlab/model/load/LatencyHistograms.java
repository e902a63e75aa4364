package dev.fluxlab.model.load;

import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.List;
import java.util.zip.DataFormatException;

/**
 * The latency histograms of a {@code fluxlab.load/1} document: HdrHistogram's compressed encoding in base64
 * ({@link LoadResult#histogram()}, {@link LoadResult#uncorrectedHistogram()}, microsecond values), and the
 * {@link LatencySummary} figures read from a histogram. Written once here so the injector that records, the runner
 * that merges several injectors and the report that draws curves all read the same bytes and the same percentiles.
 */
public final class LatencyHistograms {

    private LatencyHistograms() {
    }

    /** HdrHistogram's compressed encoding of {@code h}, base64. */
    public static String encode(Histogram h) {
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(buf);
        byte[] b = new byte[n];
        buf.flip();
        buf.get(b, 0, n);
        return Base64.getEncoder().encodeToString(b);
    }

    /** Decodes {@link #encode}; an {@link IllegalArgumentException} names what is wrong with a damaged value. */
    public static Histogram decode(String base64) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64.strip())), 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not a compressed HdrHistogram: " + e.getMessage(), e);
        }
    }

    /**
     * The histograms {@code encoded} added into one (auto-resizing: another may have tracked higher values), as one
     * injector would have recorded them all; null for an empty list. Percentiles are read from such a sum, never
     * combined from each histogram's own.
     *
     * @throws IllegalArgumentException when one does not decode ({@link #decode})
     */
    public static Histogram sum(List<String> encoded) {
        Histogram sum = null;
        for (String e : encoded) {
            Histogram h = decode(e);
            if (sum == null) {
                sum = new Histogram(h.getNumberOfSignificantValueDigits());
            }
            sum.add(h);
        }
        return sum;
    }

    /** Mean, standard deviation, percentiles, maximum and minimum of {@code h} (microseconds) in milliseconds; zeros when empty. */
    public static LatencySummary summary(Histogram h) {
        if (h.getTotalCount() == 0) {
            return new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        }
        return new LatencySummary(h.getMean() / 1e3, h.getStdDeviation() / 1e3, ms(h, 50), ms(h, 75), ms(h, 90),
                ms(h, 99), ms(h, 99.9), ms(h, 99.99), h.getMaxValue() / 1e3, h.getMinValue() / 1e3);
    }

    private static double ms(Histogram h, double p) {
        return h.getValueAtPercentile(p) / 1e3;
    }
}
