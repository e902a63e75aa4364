package dev.fluxlab.model.placement;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RolePlacementTest {

    @Test
    void cpusTheHostDoesNotHaveAreNamed() {
        CpuList online = CpuList.parse("0-1");
        assertEquals(Optional.of("role 'frontend' on host 'lab1': CPU 2,3 does not exist there (online: 0,1); use CPUs "
                + "of 0,1"), new RolePlacement("frontend", "lab1", CpuList.parse("1-3")).offline(online));
        assertEquals(Optional.empty(), new RolePlacement("x", null, CpuList.parse("1")).offline(online));
        assertEquals(Optional.empty(), new RolePlacement("x", null, null).offline(online));
        assertEquals("local", new RolePlacement("x", null, null).hostName());
    }

    @Test
    void exclusivePlacementFindsSharedCpusPerHostOnly() {
        List<String> problems = RolePlacement.overlaps(List.of(
                new RolePlacement("backend", "h1", CpuList.parse("0-1")),
                new RolePlacement("frontend", "h1", CpuList.parse("1-2")),
                new RolePlacement("injector", "h2", CpuList.parse("0-1")),
                new RolePlacement("injector-2", "h2", CpuList.parse("2-3"))));
        assertEquals(List.of("roles 'backend' and 'frontend' on host 'h1' share CPU 1 (0,1 and 1,2); exclusive placement "
                + "needs disjoint CPU lists"), problems);
        List<String> open = RolePlacement.overlaps(List.of(new RolePlacement("backend", null, CpuList.parse("0")),
                new RolePlacement("injector", "local", null)));
        assertEquals(1, open.size());
        assertTrue(open.getFirst().contains("'injector' has no CPU list"), open.getFirst());
    }
}
