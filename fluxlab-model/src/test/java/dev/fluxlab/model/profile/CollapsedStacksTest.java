package dev.fluxlab.model.profile;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Collapsed stacks as async-profiler wrote them for a Reactor Netty target in two profiled runs ({@code a}: 37 samples
 * of a loaded event loop and the JIT compiler, {@code b}: 2 samples of the compiler only): self time, top frames and
 * the change of share between them.
 */
class CollapsedStacksTest {

    private static CollapsedStacks recorded(String name) throws IOException, URISyntaxException {
        return CollapsedStacks.read(Path.of(Objects.requireNonNull(
                CollapsedStacksTest.class.getResource("reactor-netty-" + name + ".collapsed")).toURI()));
    }

    @Test
    void selfTimeIsTheLeafFrameAndTopFramesAreRankedByIt() throws Exception {
        CollapsedStacks a = recorded("a");
        assertEquals(37, a.total());
        assertEquals(36, a.stacks().size(), "a stack written twice is one stack with both counts");
        List<FrameShare> top = a.top(10);
        assertEquals(10, top.size());
        assertEquals(new FrameShare("io/netty/channel/ChannelOutboundBuffer$Entry.newInstance", 2, 2 / 37.0),
                top.getFirst());
        assertEquals("Assembler::movslq", top.get(1).frame(), "ties in name order");
        assertEquals(1 / 37.0, top.get(1).share(), 1e-12);
        assertEquals(1.0, a.selfShares().values().stream().mapToDouble(Double::doubleValue).sum(), 1e-9);
    }

    @Test
    void changesRankFramesByTheMoveOfTheirShare() throws Exception {
        List<FrameChange> changes = CollapsedStacks.changes(recorded("a"), recorded("b"), 4);
        assertEquals(4, changes.size());
        assertEquals(new FrameChange("MachNode::Opcode", 0, 0.5), changes.get(0));
        assertEquals(new FrameChange("OopFlow::build_oop_map", 0, 0.5), changes.get(1));
        assertEquals("io/netty/channel/ChannelOutboundBuffer$Entry.newInstance", changes.get(2).frame());
        assertEquals(-2 / 37.0, changes.get(2).delta(), 1e-12);
        assertEquals(-1 / 37.0, changes.get(3).delta(), 1e-12);
    }

    @Test
    void parsingSkipsWhatIsNotAStackLine() {
        CollapsedStacks s = CollapsedStacks.parse("""
                a;b;c 3

                not a stack line
                a;b;c 2
                a;d 5
                a;e 0
                """);
        assertEquals(10, s.total());
        assertEquals(List.of(new FrameShare("c", 5, 0.5), new FrameShare("d", 5, 0.5)), s.top(5));
        assertEquals(List.of(), CollapsedStacks.parse("").top(10));
    }
}
