package dev.fluxlab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class RefusalTest {

    @Test
    void namesTheValueAndEveryAcceptedOneInOrder() {
        assertEquals("unknown GC 'CMS'; accepted: G1, ZGC, Serial",
                Refusal.unknown("GC", "CMS", List.of("G1", "ZGC", "Serial")));
        assertEquals("unknown knob 'b'; accepted: a, c", Refusal.unknown("knob", "b", new TreeSet<>(Set.of("c", "a"))));
    }

    @Test
    void anAsideFollowsTheListInParentheses() {
        assertEquals("unknown mode 'x'; accepted: on, off (on: always; off: never)",
                Refusal.unknown("mode", "x", List.of("on", "off"), "on: always; off: never"));
        assertEquals(Refusal.unknown("mode", "x", List.of("on")), Refusal.unknown("mode", "x", List.of("on"), null));
    }

    @Test
    void isTheWordingOfLabelledEnums() {
        assertEquals(Labelled.refusal("transport", "dpdk", List.of(dev.fluxlab.model.transport.Transport.values())),
                Refusal.unknown("transport", "dpdk", List.of("native", "io_uring", "epoll", "nio")));
    }
}
