package dev.fluxlab.model.placement;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AutoPlacementTest {

    private static String cpus(CellPlacement p) {
        return String.join(" ", p.all().stream().map(r -> r.role() + "=" + r.cpus()).toList());
    }

    @Test
    void twoCpusOneTargetOneInjector() {
        assertEquals("reactor-netty=0 injector=1",
                cpus(AutoPlacement.place(List.of("reactor-netty"), 1, CpuList.parse("0-1"))));
    }

    @Test
    void theInjectorsWeighLikeOneMoreTargetAndTakeTheHighestCpus() {
        // 32 CPUs, backend + frontend + one injector: the injector a third (10), the targets 11 each
        assertEquals("backend=0-10 frontend=11-21 injector=22-31",
                cpus(AutoPlacement.place(List.of("backend", "frontend"), 1, CpuList.parse("0-31"))));
        // two injectors share that third, split as connections are
        assertEquals("backend=0-10 frontend=11-21 injector-1=22-26 injector-2=27-31",
                cpus(AutoPlacement.place(List.of("backend", "frontend"), 2, CpuList.parse("0-31"))));
        // more injectors than the third: one CPU each
        assertEquals("t=0-2 injector-1=3 injector-2=4 injector-3=5",
                cpus(AutoPlacement.place(List.of("t"), 3, CpuList.parse("0-5"))));
        assertTrue(RolePlacement.overlaps(AutoPlacement.place(List.of("a", "b"), 2, CpuList.parse("0-6")).all()).isEmpty());
    }

    @Test
    void moreRolesThanCpusIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AutoPlacement.place(List.of("backend", "frontend"), 1, CpuList.parse("0-1")));
        assertTrue(e.getMessage().contains("2 target processes and 1 injector for 2 online CPUs (0,1)"), e.getMessage());
    }
}
