package dev.fluxlab.report;

import dev.fluxlab.model.load.Latency;
import dev.fluxlab.model.load.LatencySummary;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.load.SecondSample;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.CellSummary;
import dev.fluxlab.model.run.Environment;
import dev.fluxlab.model.run.LogFinding;
import dev.fluxlab.model.run.ProcessSample;
import dev.fluxlab.model.run.ProcessStats;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.run.Stat;
import dev.fluxlab.model.run.TableSpec;
import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Synthetic but realistic run results: real HdrHistograms with recorded values, three cells (one with a log
 * finding, one invalid), repeats with spread. Every figure is made up for tests.
 */
final class Fixtures {

    static final String FINDING_LINE = "io.netty.util.IllegalReferenceCountException: refCnt: 0, decrement: 1";

    private Fixtures() {
    }

    /** Three cells, no TableSpec (the report derives one). */
    static RunResult run() {
        return run("20261122-093000-synthetic", List.of(), new double[]{50_000, 51_000, 49_000}, new double[]{80_000, 84_000, 78_000},
                new double[]{30_000, 45_000});
    }

    /** The same cells with their summaries but without repeats: no histograms, no timelines (e.g. an old or cut-down file). */
    static RunResult sparse() {
        RunResult full = run();
        List<CellResult> cells = full.cells().stream().map(c -> new CellResult(c.id(), c.index(), c.knobs(), c.versions(), List.of(),
                c.summary(), c.valid(), c.reasons(), c.findings(), null, null, null)).toList();
        return new RunResult(full.schema(), "sparse", full.suite(), full.suiteFile(), full.description(), "interrupted", full.startedAt(),
                null, null, full.tables(), null, cells, full.noise());
    }

    /** What a label may hold that HTML would act on inside a script element. */
    static final String MARKUP = " <!-- </script><script>x=1</script> -->";

    /** {@link #run()} with {@link #MARKUP} appended to every transport knob value, so to every label and group title. */
    static RunResult markupInLabels() {
        return longLabels(MARKUP);
    }

    /** {@link #run()} with {@code suffix} appended to every transport knob value: a table as wide as its labels. */
    static RunResult longLabels(String suffix) {
        RunResult full = run();
        List<CellResult> cells = full.cells().stream().map(c -> {
            Map<String, String> knobs = new LinkedHashMap<>(c.knobs());
            knobs.put("transport", knobs.get("transport") + suffix);
            return new CellResult(c.id() + suffix, c.index(), knobs, c.versions(), c.repeats(), c.summary(), c.valid(),
                    c.reasons(), c.findings(), c.dir(), c.theory(), null);
        }).toList();
        return new RunResult(full.schema(), full.runId(), full.suite(), full.suiteFile(), full.description(), full.status(),
                full.startedAt(), full.finishedAt(), full.environment(), full.tables(), full.settings(), cells, full.noise());
    }

    static RunResult run(String runId, List<TableSpec> tables, double[] c1, double[] c2, double[] c3) {
        List<CellResult> cells = new ArrayList<>();
        cells.add(cell(1, "http1.1", "epoll", c1, 300, false, true, List.of(), List.of()));
        cells.add(cell(2, "h2c", "epoll", c2, 200, true, true, List.of(),
                List.of(new LogFinding("reactor-netty", "IllegalReferenceCountException", 3,
                        List.of(FINDING_LINE, "\tat io.netty.util.AbstractReferenceCounted.release(AbstractReferenceCounted.java:91)",
                                "\tat <script>alert('x')</script>.handler(Fake.java:1)")))));
        cells.add(cell(3, "h2c", "nio", c3, 900, false, false,
                List.of("error rate 2.5% > 1% threshold", "target reactor-netty exited with code 137 before the end"), List.of()));
        Environment env = new Environment("lab-1", "Linux", "6.1.0-synthetic", "amd64", 2, 7.8, "25+36", "Eclipse Adoptium",
                "/usr/lib/jvm/temurin-25-jdk-amd64", "0.1.0-SNAPSHOT", Map.of("netty", "4.2.18.Final"), null, null, null, null, null, null);
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("warmup", "5s");
        settings.put("duration", "10s");
        settings.put("repeats", 3);
        return new RunResult(RunResult.SCHEMA, runId, "synthetic", "suites/synthetic.yaml",
                "Synthetic fixture: <b>not</b> a measurement & never shown as one", "complete",
                "2026-11-22T09:30:00Z", "2026-11-22T09:33:10Z", env, tables, settings, cells, null);
    }

    static CellResult cell(int index, String protocol, String transport, double[] rps, long latencyUs, boolean open,
                           boolean valid, List<String> reasons, List<LogFinding> findings) {
        Map<String, String> knobs = new LinkedHashMap<>();
        knobs.put("target", "reactor-netty");
        knobs.put("protocol", protocol);
        knobs.put("transport", transport);
        knobs.put("connections", "16");
        String id = "target=reactor-netty,protocol=" + protocol + ",transport=" + transport + ",connections=16";
        List<RepeatResult> repeats = new ArrayList<>();
        Random random = new Random(index * 31L);
        List<Double> p50 = new ArrayList<>();
        List<Double> p99 = new ArrayList<>();
        List<Double> p999 = new ArrayList<>();
        List<Double> cpuTarget = new ArrayList<>();
        List<Double> cpuInjector = new ArrayList<>();
        List<Double> coresTarget = new ArrayList<>();
        List<Double> coresInjector = new ArrayList<>();
        for (int r = 0; r < rps.length; r++) {
            Histogram corrected = new Histogram(3_600_000_000L, 3);
            Histogram uncorrected = new Histogram(3_600_000_000L, 3);
            for (int i = 0; i < 20_000; i++) {
                long v = Math.max(20, (long) (latencyUs * Math.exp(random.nextGaussian() * 0.35)));
                if (random.nextInt(1000) == 0) {
                    v *= 20; // a tail, like a GC pause
                }
                uncorrected.recordValue(v);
                // open model: the corrected histogram also holds the waiting time behind a stall
                corrected.recordValue(open && random.nextInt(50) == 0 ? v * 6 : v);
            }
            LatencySummary cs = summary(corrected);
            LatencySummary us = summary(uncorrected);
            p50.add(cs.p50());
            p99.add(cs.p99());
            p999.add(cs.p999());
            List<SecondSample> seconds = new ArrayList<>();
            for (int t = 0; t < 5; t++) {
                seconds.add(new SecondSample("warmup", t, (long) (rps[r] * (0.3 + 0.15 * t)), 0));
            }
            for (int t = 0; t < 10; t++) {
                seconds.add(new SecondSample("measure", t, (long) (rps[r] * (0.97 + 0.06 * random.nextDouble())), valid ? 0 : 40));
            }
            long ok = (long) (rps[r] * 10);
            double targetCpu = ok * (index == 2 ? 14e-6 : 18e-6);
            double injectorCpu = ok * 9e-6;
            cpuTarget.add(targetCpu / ok * 1e6);
            cpuInjector.add(injectorCpu / ok * 1e6);
            coresTarget.add(targetCpu / 10);
            coresInjector.add(injectorCpu / 10);
            LoadResult load = new LoadResult(LoadResult.SCHEMA, "http://127.0.0.1:40123/plaintext", protocol, open ? "open" : "closed", "GET",
                    16, 1, open ? rps[r] : null, 5.0, null, 10.0, ok, valid ? Map.of() : Map.of("reset", 400L, "status", 100L),
                    rps[r], new Latency(cs, us), 0, 0, injectorCpu, injectorCpu / 10, seconds,
                    encode(corrected), "us", encode(uncorrected), null, null, null, null, null, null, null, null);
            List<ProcessStats> processes = List.of(
                    new ProcessStats("target", "reactor-netty", 1000 + r, targetCpu, targetCpu / ok * 1e6, targetCpu / 10, 180, 24, 3L, 12.5,
                            valid ? 0 : 137, !valid, "logs/cell-" + index + "/reactor-netty.log", samples(16, targetCpu / 10, 2.0), null,
                            Map.of("reactor-netty", "1.3.8")),
                    new ProcessStats("injector", "fluxlab-load", 2000 + r, injectorCpu, injectorCpu / ok * 1e6, injectorCpu / 10, 150, 12, null, null,
                            0, false, "logs/cell-" + index + "/injector.log", samples(16, injectorCpu / 10, 1.0), null));
            repeats.add(new RepeatResult(r + 1, "2026-11-22T09:3" + index + ":0" + r + "Z", load, processes,
                    r == 0 ? findings : List.of(), valid, valid ? List.of() : reasons, null, null, null, null, null, null, null, null));
        }
        List<Double> throughput = new ArrayList<>();
        for (double v : rps) {
            throughput.add(v);
        }
        Map<String, Stat> latency = new LinkedHashMap<>();
        latency.put("p50", Stat.of(p50));
        latency.put("p99", Stat.of(p99));
        latency.put("p999", Stat.of(p999));
        CellSummary summary = new CellSummary(Stat.of(throughput), latency,
                Stat.of(repeats.stream().map(x -> x.load().errorCount()).toList()),
                Stat.of(List.of(valid ? 0.0 : 0.025)),
                Map.of("reactor-netty", Stat.of(cpuTarget), "fluxlab-load", Stat.of(cpuInjector)),
                Map.of("reactor-netty", Stat.of(coresTarget), "fluxlab-load", Stat.of(coresInjector)),
                Map.of("reactor-netty", Stat.of(List.of(180.0)), "fluxlab-load", Stat.of(List.of(150.0))),
                Stat.of(List.of(5.0)));
        return new CellResult(id, index, knobs, Map.of("reactor-netty", "1.3.8", "netty", "4.2.18.Final"), repeats, summary, valid,
                reasons, findings, null, null, null);
    }

    /**
     * Cumulative CPU seconds: idle start-up, then a ramp to {@code cores}; the JIT compiles about 0.8 s per second until
     * three seconds after start-up, then stops (the shape a HotSpot JVM shows under load).
     */
    static List<ProcessSample> samples(int seconds, double cores, double startup) {
        List<ProcessSample> out = new ArrayList<>();
        double cpu = 0.4;
        for (int t = 0; t <= seconds; t++) {
            out.add(new ProcessSample(t, cpu, 120 + t * 3, 20, Math.min(t, startup + 3) * 800.0, (long) (Math.min(t, startup + 3) * 400)));
            cpu += t < startup ? 0.05 : cores * (t < startup + 3 ? 0.6 : 1.0);
        }
        return out;
    }

    static LatencySummary summary(Histogram h) {
        return dev.fluxlab.model.load.LatencyHistograms.summary(h);
    }

    private static double ms(Histogram h, double p) {
        return h.getValueAtPercentile(p) / 1000.0;
    }

    static String encode(Histogram h) {
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[n];
        buffer.flip();
        buffer.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }
}
