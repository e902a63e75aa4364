package dev.fluxlab.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code load --precision} takes a percentage as a suite's {@code precision} does: {@code 2} or {@code 2%}. */
class LoadPrecisionOptionTest {

    @Test
    void twoAndTwoPercentAreTheSame() {
        LoadCommand.PercentConverter c = new LoadCommand.PercentConverter();
        assertEquals(2.0, c.convert("2"), 1e-12);
        assertEquals(2.0, c.convert("2%"), 1e-12, "refused with 'is not a double' before");
        assertEquals(0.5, c.convert(" 0.5 % "), 1e-12);
        CommandLine.TypeConversionException e = assertThrows(CommandLine.TypeConversionException.class,
                () -> c.convert("two"));
        assertTrue(e.getMessage().contains("'two' is not a percentage"), e.getMessage());
        for (String java : new String[]{"2d", "0x1p3", "NaN", "Infinity", "1e1", "2%%"}) {
            assertThrows(CommandLine.TypeConversionException.class, () -> c.convert(java), java);
        }
    }
}
