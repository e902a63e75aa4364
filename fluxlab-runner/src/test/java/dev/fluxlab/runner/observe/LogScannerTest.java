package dev.fluxlab.runner.observe;

import dev.fluxlab.model.run.LogFinding;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LogScannerTest {

    @Test
    void countsKnownKindsAndStackTraces() {
        List<String> log = List.of(
                "fluxlab-ready port=1 protocol=h2c transport=epoll",
                "12:00:01 WARN  i.n.u.ResourceLeakDetector - LEAK: ByteBuf.release() was not called",
                "Recent access records:",
                "io.netty.util.IllegalReferenceCountException: refCnt: 0, decrement: 1",
                "\tat io.netty.util.internal.ReferenceCountUpdater.toLiveRealRefCnt(ReferenceCountUpdater.java:83)",
                "\tat io.netty.buffer.AbstractReferenceCountedByteBuf.release(AbstractReferenceCountedByteBuf.java:102)",
                "java.lang.IllegalStateException: Only one connection receive subscriber allowed.",
                "\tat reactor.netty.channel.FluxReceive.startReceiver(FluxReceive.java:182)",
                "Caused by: java.lang.RuntimeException: boom",
                "\tat x.Y.z(Y.java:1)",
                "\t... 12 more",
                "java.lang.IllegalStateException: again",
                "    at a.B.c(B.java:2)",
                "an Exception mentioned in passing, no trace",
                "reactor.netty.http.client.PrematureCloseException: Connection prematurely closed BEFORE response");
        Map<String, LogFinding> byKind = LogScanner.scan("t", log).stream()
                .collect(Collectors.toMap(LogFinding::kind, f -> f));
        assertEquals(1, byKind.get("LEAK:").count());
        assertEquals(1, byKind.get("IllegalReferenceCountException").count());
        assertEquals(1, byKind.get("PrematureCloseException").count());
        assertEquals(2, byKind.get("IllegalStateException").count());
        assertEquals(4, byKind.size(), byKind.keySet().toString());
        LogFinding ise = byKind.get("IllegalStateException");
        assertTrue(ise.firstLines().get(0).contains("Only one connection receive subscriber"));
        assertTrue(ise.firstLines().get(1).contains("FluxReceive"));
        assertEquals("t", ise.process());
    }

    @Test
    void mergeAddsCounts() {
        List<LogFinding> merged = LogScanner.merge(List.of(new LogFinding("t", "LEAK:", 2, List.of("a")),
                new LogFinding("t", "LEAK:", 3, List.of("b")), new LogFinding("u", "LEAK:", 1, List.of("c"))));
        assertEquals(2, merged.size());
        assertEquals(5, merged.get(0).count());
        assertEquals(List.of("a"), merged.get(0).firstLines());
    }

    @Test
    void scansOnlyTheBytesBetweenTwoPositions(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        java.nio.file.Path log = dir.resolve("t.log");
        java.nio.file.Files.writeString(log, "java.lang.IllegalStateException: an earlier cell's\n\tat a.B.c(B.java:1)\n");
        long from = LogScanner.position(log);
        java.nio.file.Files.writeString(log, "java.lang.IllegalArgumentException: under load\n\tat a.B.c(B.java:2)\n",
                java.nio.file.StandardOpenOption.APPEND);
        long until = LogScanner.position(log);
        java.nio.file.Files.writeString(log, "java.util.concurrent.RejectedExecutionException: XNIO007007: Thread is "
                + "terminating\n\tat org.xnio.nio.WorkerThread.execute(WorkerThread.java:590)\n",
                java.nio.file.StandardOpenOption.APPEND);

        List<LogFinding> window = LogScanner.scan("t", log, from, until);
        assertEquals(List.of("IllegalArgumentException"), window.stream().map(LogFinding::kind).toList(),
                "only what the target wrote while the load ran; not its shutdown");
        assertEquals(List.of("IllegalArgumentException", "RejectedExecutionException"),
                LogScanner.scan("t", log, from).stream().map(LogFinding::kind).toList());
        assertEquals(List.of(), LogScanner.scan("t", log, until, from), "an empty range finds nothing");
    }
}
