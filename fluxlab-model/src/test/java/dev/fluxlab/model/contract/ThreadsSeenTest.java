package dev.fluxlab.model.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.model.Json;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The thread-name patterns and the stats document's {@code threads_seen} field, written and read back. */
class ThreadsSeenTest {

    @Test
    void numberedThreadsCountUnderTheirPattern() {
        assertEquals("reactor-http-epoll-*", ThreadsSeen.pattern("reactor-http-epoll-3", false));
        assertEquals("parallel-*", ThreadsSeen.pattern("parallel-12", false));
        assertEquals("boundedElastic-*", ThreadsSeen.pattern("boundedElastic-140", false));
        assertEquals("ForkJoinPool.commonPool-worker-*", ThreadsSeen.pattern("ForkJoinPool.commonPool-worker-1", false));
        assertEquals("http-nio-8080-exec-*", ThreadsSeen.pattern("http-nio-8080-exec-7", false));
        assertEquals("main", ThreadsSeen.pattern("main", false));
        assertEquals("worker2", ThreadsSeen.pattern("worker2", false), "a number not after a separator stays");
        assertEquals(ThreadsSeen.VIRTUAL, ThreadsSeen.pattern("", true));
        assertEquals(ThreadsSeen.VIRTUAL, ThreadsSeen.pattern("named-virtual-1", true));
        assertEquals(ThreadsSeen.UNNAMED, ThreadsSeen.pattern("", false));
    }

    @Test
    void aVirtualThreadIsCountedAsVirtual() throws Exception {
        String[] seen = new String[1];
        Thread.ofVirtual().start(() -> seen[0] = ThreadsSeen.pattern(Thread.currentThread())).join();
        assertEquals(ThreadsSeen.VIRTUAL, seen[0]);
        Thread.ofPlatform().name("lab-worker-", 5).start(() -> seen[0] = ThreadsSeen.pattern(Thread.currentThread()))
                .join();
        assertEquals("lab-worker-*", seen[0]);
    }

    @Test
    void theDocumentRoundTripsThroughJson() throws Exception {
        ThreadsSeen seen = new ThreadsSeen(Map.of("subscribe-on", Map.of(
                ThreadsSeen.REQUEST, Map.of("reactor-http-epoll-*", 40L),
                ThreadsSeen.COMPONENT, Map.of("reactor-http-epoll-*", 117L, "parallel-*", 3L))));
        String json = Json.write(seen.document());
        assertTrue(json.replaceAll("\\s", "").startsWith("{\"threads_seen\":{\"subscribe-on\":"), json);
        ThreadsSeen back = ThreadsSeen.from(Json.read(json, Map.class)).orElseThrow();
        assertEquals(seen, back);
        assertEquals(117, back.count("subscribe-on", ThreadsSeen.COMPONENT, "reactor-http-epoll-*"));
        assertEquals(0, back.count("mono", ThreadsSeen.COMPONENT, "parallel-*"));
        assertEquals(List.of("subscribe-on"), back.strategies());
    }

    @Test
    void otherDocumentsAndOddPartsAreLeftOut() {
        assertTrue(ThreadsSeen.from(Map.of("loops", Map.of())).isEmpty(), "the proxy frontend's document");
        assertTrue(ThreadsSeen.from(Map.of("error", "not fetched")).isEmpty());
        assertTrue(ThreadsSeen.from("text").isEmpty());
        ThreadsSeen odd = ThreadsSeen.from(Map.of("threads_seen", Map.of(
                "mono", Map.of("request", Map.of("a-*", 3, "b-*", "many", "c-*", -1, "d-*", 2.0)),
                "parallel", "not an object"))).orElseThrow();
        assertEquals(Map.of("a-*", 3L, "d-*", 2L), odd.of("mono", ThreadsSeen.REQUEST));
        assertEquals(List.of("mono"), odd.strategies());
    }
}
