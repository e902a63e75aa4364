package dev.fluxlab.model.placement;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpuListTest {

    @Test
    void parsesTheKernelListSyntaxAndPrintsItCanonically() {
        assertEquals("0-3", CpuList.parse("0-3").toString());
        assertEquals(4, CpuList.parse("0-3").size());
        assertEquals("4,5", CpuList.parse("5,4").toString());
        assertEquals("0-3,6", CpuList.parse("3,0-2,6\n").toString());
        assertEquals("7", CpuList.parse("7").toString());
        assertEquals(CpuList.parse("0,1,2"), CpuList.parse("0-2"));
    }

    @Test
    void badListsAreOneClearError() {
        for (String bad : new String[]{"", "a", "0-", "-1", "1,,2", "0 1", "0;1"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CpuList.parse(bad));
            assertTrue(e.getMessage().contains("is not a CPU list"), e.getMessage());
        }
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CpuList.parse("3-1")).getMessage()
                .contains("runs backwards; write 1-3"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CpuList.parse("99999999999")).getMessage()
                .contains("beyond"));
    }

    @Test
    void setOperations() {
        CpuList online = CpuList.parse("0-3");
        assertTrue(online.containsAll(CpuList.parse("1,2")));
        assertFalse(online.containsAll(CpuList.parse("3-5")));
        assertEquals("4,5", online.missing(CpuList.parse("3-5")).toString());
        assertEquals("2,3", online.intersection(CpuList.parse("2-7")).toString());
        assertTrue(CpuList.parse("0,1").intersection(CpuList.parse("2")).isEmpty());
    }

    @Test
    void splitsLikeConnectionsLowestAndHighest() {
        CpuList l = CpuList.parse("0-3,8-10");
        assertEquals("[0-2, 3,8, 9,10]", l.split(3).toString());
        assertEquals("0,1", l.lowest(2).toString());
        assertEquals("9,10", l.highest(2).toString());
        assertEquals("3,8-10", l.minus(CpuList.parse("0-2")).toString());
        assertThrows(IllegalArgumentException.class, () -> CpuList.parse("0-1").split(3));
    }
}
