package dev.fluxlab.model.claim;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RelationTest {

    @Test
    void parsesEachForm() {
        assertEquals(new Relation.Greater(), Relation.parse(" > "));
        assertEquals(new Relation.AtLeast(10), Relation.parse(">= 10x"));
        assertEquals(new Relation.AtLeast(2.5), Relation.parse(">=2.5 X"));
        assertEquals(new Relation.Ratio(0.9, 1.1), Relation.parse("ratio 0.9..1.1"));
        assertEquals(new Relation.Within(0.05), Relation.parse("Within 5 %"));
        assertEquals(">= 10x", Relation.parse(">= 10x").text());
        assertEquals("ratio 0.9..1.1", Relation.parse("ratio 0.9 .. 1.1").text());
        assertEquals("within 5%", Relation.parse("within 5%").text());
    }

    @Test
    void refusesHostileText() {
        for (String bad : new String[]{"", "  ", ">>", "<", ">= -2x", ">= 0x", ">= 1e9x", ">= 2", "ratio 2..1",
                "ratio 0..1", "ratio 1..1", "ratio NaN..2", "within 0%", "within 1000%", "within -5%", "within 5",
                ">= 99999999999x", "ratio 1..2; rm -rf /", "\u0000>", "> > >"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Relation.parse(bad), bad);
            assertTrue(e.getMessage().length() < 400, e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> Relation.parse(null));
    }
}
