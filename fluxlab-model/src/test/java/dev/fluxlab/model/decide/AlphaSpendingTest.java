package dev.fluxlab.model.decide;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AlphaSpendingTest {

    @Test
    void theWholeAlphaIsSpentByTheEnd() {
        assertEquals(0.05, AlphaSpending.spent(0.05, 1));
        assertEquals(0.05, AlphaSpending.spent(0.05, 1.5));
        assertEquals(0, AlphaSpending.spent(0.05, 0));
        assertEquals(0, AlphaSpending.spent(0.05, -0.1));
    }

    /**
     * Halfway, by hand: 1 + (e - 1) x 0.5 = 1.859141, ln of it 0.620115, x 0.05 = 0.0310057: the Pocock type spends
     * about 62 % of the alpha by half the rounds.
     */
    @Test
    void halfwayByHand() {
        assertEquals(0.0310057, AlphaSpending.spent(0.05, 0.5), 1e-7);
    }

    @Test
    void spendingRisesWithTheRounds() {
        double before = 0;
        for (int r = 1; r <= 60; r++) {
            double now = AlphaSpending.spent(0.05, r / 60.0);
            assertTrue(now > before, "round " + r + ": " + now + " after " + before);
            before = now;
        }
        // enough early for a large effect to stop the trial: a tenth of the way, 0.05 x ln(1.171828) = 0.0079283
        assertEquals(0.0079283, AlphaSpending.spent(0.05, 0.1), 1e-7);
    }

    /** The looks' increments add up to the whole alpha: the union bound over looks. */
    @Test
    void incrementsSumToAlpha() {
        double sum = 0;
        double previous = 0;
        for (int r = 5; r <= 60; r++) {
            double t = r / 60.0;
            double step = AlphaSpending.atLook(0.05, previous, t);
            assertTrue(step > 0);
            sum += step;
            previous = t;
        }
        assertEquals(0.05, sum, 1e-15);
        assertEquals(0, AlphaSpending.atLook(0.05, 0.5, 0.5));
        assertEquals(0, AlphaSpending.atLook(0.05, 0.6, 0.5));
    }

    @Test
    void alphaMustBeARate() {
        assertThrows(IllegalArgumentException.class, () -> AlphaSpending.spent(0, 0.5));
        assertThrows(IllegalArgumentException.class, () -> AlphaSpending.spent(1, 0.5));
        assertThrows(IllegalArgumentException.class, () -> AlphaSpending.spent(0.05, Double.NaN));
    }
}
