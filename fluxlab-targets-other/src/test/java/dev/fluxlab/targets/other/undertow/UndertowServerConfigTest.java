package dev.fluxlab.targets.other.undertow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fluxlab.targets.common.undertow.UndertowListener;
import org.junit.jupiter.api.Test;

class UndertowServerConfigTest {

    /** light-4j's sizes, as UndertowListener holds them for both Undertow targets; a size given replaces its default. */
    @Test
    void theBuilderStartsFromLight4jsSizes() {
        UndertowServerConfig d = UndertowServerConfig.builder().build();
        assertEquals(2 * Runtime.getRuntime().availableProcessors(), d.ioThreads());
        assertEquals(UndertowListener.defaultIoThreads(), d.ioThreads());
        assertEquals(200, d.workerThreads());
        assertEquals(10_000, d.backlog());
        assertEquals(16 * 1024, d.bufferSize());
        UndertowServerConfig given = UndertowServerConfig.builder().ioThreads(3).workerThreads(4).backlog(5)
                .bufferSize(2048).build();
        assertEquals(java.util.List.of(3, 4, 5, 2048), java.util.List.of(given.ioThreads(), given.workerThreads(),
                given.backlog(), given.bufferSize()));
    }
}
