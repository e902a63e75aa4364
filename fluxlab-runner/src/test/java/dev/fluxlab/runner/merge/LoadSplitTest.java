package dev.fluxlab.runner.merge;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LoadSplitTest {

    @Test
    void remainderOfConnectionsGoesToTheFirstInjectors() {
        assertEquals(List.of(4, 3, 3), LoadSplit.of(10, null, null, 3).connections());
        assertEquals(List.of(5, 5), LoadSplit.of(10, null, null, 2).connections());
        assertEquals(List.of(1, 1, 1), LoadSplit.of(3, null, null, 3).connections());
        assertEquals(List.of(7), LoadSplit.of(7, null, null, 1).connections());
        assertNull(LoadSplit.of(7, null, null, 1).rates());
        assertNull(LoadSplit.of(7, null, null, 1).requests(), "a phase bounded by time has no count to share");
        // a count is shared like the connections, so two injectors measure N together, not N each
        assertEquals(List.of(9001L, 6000L), LoadSplit.of(5, null, 15001L, 2).requests());
        assertEquals(List.of(4L, 3L, 3L), LoadSplit.of(10, null, 10L, 3).requests());
        assertEquals(15001L, LoadSplit.of(7, null, 15001L, 3).requests().stream().mapToLong(Long::longValue).sum());
    }

    @Test
    void sharesAlwaysAddUpAndDifferByAtMostOne() {
        for (int n = 1; n <= 9; n++) {
            for (int c = n; c <= 200; c++) {
                List<Integer> s = LoadSplit.of(c, null, null, n).connections();
                assertEquals(c, s.stream().mapToInt(Integer::intValue).sum());
                assertTrue(s.getFirst() - s.getLast() <= 1);
            }
        }
    }

    @Test
    void rateIsSplitEvenly() {
        LoadSplit s = LoadSplit.of(4, 1001.0, null, 2);
        assertEquals(List.of(500.5, 500.5), s.rates());
        assertEquals(2, s.size());
    }

    @Test
    void fewerConnectionsThanInjectorsIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LoadSplit.of(2, null, null, 3));
        assertTrue(e.getMessage().contains("3 injectors need at least 3 connections"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LoadSplit.of(2, null, null, 0));
    }
}
