package dev.fluxlab.model.contract;

import dev.fluxlab.model.warmup.WarmupPolicy;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LoadArgsTest {

    @Test
    void argvHasTheUrlThenEveryGivenOptionInOrder() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("X-B", "2");
        headers.put("X-A", "1");
        LoadArgs a = LoadArgs.builder().url("https://127.0.0.1:1/p").protocol("h2").connections(4).inFlight(8)
                .duration(Duration.ofSeconds(10)).warmup(WarmupPolicy.auto(Duration.ofSeconds(5), Duration.ofSeconds(30)))
                .bodySize(100).headers(headers).expectStatus(201).insecure(true).json(Path.of("/r/load-1.json"))
                .progress("machine").build();
        assertEquals(List.of("https://127.0.0.1:1/p", "--protocol", "h2", "--connections", "4", "--in-flight", "8",
                "--duration", "10s", "--warmup", "auto", "--warmup-max", "30s", "--warmup-min", "5s", "--body-size", "100",
                "--header", "X-B: 2", "--header", "X-A: 1", "--expect-status", "201", "--insecure", "--json",
                "/r/load-1.json", "--progress", "machine"), a.toArgv());
    }

    @Test
    void aBodyFileWinsOverABodySizeAndAZeroMinimumIsNotPassed() {
        LoadArgs a = LoadArgs.builder().url("http://127.0.0.1:1/").connections(1).bodyFile(Path.of("b.txt"))
                .bodySize(10).warmup(WarmupPolicy.auto(Duration.ZERO, Duration.ofSeconds(3))).build();
        List<String> argv = a.toArgv();
        assertTrue(argv.contains("--body-file") && !argv.contains("--body-size"), argv.toString());
        assertTrue(!argv.contains("--warmup-min"), argv.toString());
    }

    @Test
    void aSelfLoadingTargetsArgsHaveNoUrl() {
        LoadArgs a = LoadArgs.builder().connections(3).build();
        assertEquals("--connections", a.options().get(0).name());
        assertThrows(IllegalStateException.class, a::toArgv);
    }

    @Test
    void progressLinesRoundTrip() {
        ProgressLine p = new ProgressLine("measure", 3, 1000, 2, 998.6);
        assertEquals("fluxlab-progress phase=measure t=3 ok=1000 errors=2 rps=999", p.format());
        assertEquals(new ProgressLine("measure", 3, 1000, 2, 999), ProgressLine.parse(p.format()).orElseThrow());
    }

    @Test
    void theOpenModelStartsOneLoopPerFortyThousandRequestsPerSecondWithinTheClosedModelsBounds() {
        int cores = Runtime.getRuntime().availableProcessors();
        assertEquals(Math.min(cores, 16), LoadArgs.defaultThreads(16));
        assertEquals(Math.min(cores, 16), LoadArgs.defaultThreads(16, null), "closed model: one loop per core");
        assertEquals(1, LoadArgs.defaultThreads(16, 20_000.0), "20k req/s: one loop");
        assertEquals(1, LoadArgs.defaultThreads(16, (double) LoadArgs.OPEN_RATE_PER_LOOP));
        assertEquals(Math.min(cores, 2), LoadArgs.defaultThreads(16, LoadArgs.OPEN_RATE_PER_LOOP + 1.0));
        assertEquals(Math.min(cores, 16), LoadArgs.defaultThreads(16, 1e9), "never more than the closed model's");
        assertEquals(1, LoadArgs.defaultThreads(1, 1e9), "never more than the connections");
        assertEquals(1, LoadArgs.defaultThreads(16, 0.5));
    }
}
