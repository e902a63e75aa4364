package dev.fluxlab.report;

import dev.fluxlab.model.run.Stat;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The figures' printed forms: their digits follow the value as printed, and ratios near 1 keep a third decimal. */
class NumbersTest {

    @Test
    void aRatioNearOneKeepsTheDigitThatTellsVerdictsApart() {
        assertEquals("0.970x", Numbers.ratio(0.970));
        assertEquals("0.969x", Numbers.ratio(0.969), "printed 0.97x beside a 0.970 within noise, and called worse");
        assertEquals("1.20x", Numbers.ratio(1.2));
        assertEquals("0.92x", Numbers.ratio(0.92));
        assertEquals("-", Numbers.ratio(Double.NaN));
    }

    @Test
    void percentDigitsFollowTheRoundedValue() {
        assertEquals("10%", Numbers.percent(0.0996), "not 10.0% beside 10% for 0.1");
        assertEquals("10%", Numbers.percent(0.10));
        assertEquals("9.9%", Numbers.percent(0.099));
        assertEquals("1.0%", Numbers.percent(0.00996));
        assertEquals("0.50%", Numbers.percent(0.005));
        assertEquals("-10%", Numbers.percent(-0.1));
    }

    @Test
    void spreadDigitsFollowTheRoundedValue() {
        // half range / median: 0.995 % and 1 % both print as 1 %
        assertEquals("±1%", Numbers.spread(Stat.of(List.of(99.005, 100.0, 100.995))));
        assertEquals("±1%", Numbers.spread(Stat.of(List.of(99.0, 100.0, 101.0))));
        assertEquals("±0.5%", Numbers.spread(Stat.of(List.of(99.5, 100.0, 100.5))));
    }

    @Test
    void aHugeHandEditedFigureStaysOneColumnWide() {
        assertEquals("1.00e+308", Numbers.integer(1e308), "printed 309 digits");
        assertEquals("-2.50e+20", Numbers.decimal(-2.5e20));
        assertEquals("999,999,999,999,999", Numbers.integer(999_999_999_999_999.0));
        assertEquals("123,457", Numbers.decimal(123_456.7));
        assertEquals("-", Numbers.integer(Double.POSITIVE_INFINITY));
    }
}
