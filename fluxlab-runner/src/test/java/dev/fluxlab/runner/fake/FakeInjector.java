package dev.fluxlab.runner.fake;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.load.Latency;
import dev.fluxlab.model.load.LatencySummary;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.load.SecondSample;
import dev.fluxlab.model.Durations;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * TEST ONLY: stands in for {@code fluxlab load}. Checks the contract flags the runner must pass, prints machine
 * progress lines once a second (scaled: {@code --tick-ms}), and writes a plausible LoadResult. Numbers are made up.
 * A URL path containing {@code errors} yields a 10 % error rate; {@code unstable} an unstable warm-up.
 */
public final class FakeInjector {

    public static void main(String[] args) throws Exception {
        dev.fluxlab.model.ParentWatch.startFromEnvironment();   // as every real fluxlab JVM does
        Map<String, String> opts = new LinkedHashMap<>();
        String url = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].startsWith("--")) {
                opts.put(args[i].substring(2), i + 1 < args.length ? args[i + 1] : "");
                i++;
            } else if (url == null) {
                url = args[i];
            }
        }
        if (opts.containsKey("pid-dir")) {
            Files.createDirectories(Path.of(opts.get("pid-dir")));
            Files.writeString(Path.of(opts.get("pid-dir"), ProcessHandle.current().pid() + ".pid"), "injector\n");
        }
        for (String required : List.of("json", "progress", "duration", "warmup", "connections", "protocol", "expect-status")) {
            if (!opts.containsKey(required)) {
                System.err.println("fake injector: missing --" + required);
                System.exit(2);
            }
        }
        if (url == null || !url.matches("https?://127\\.0\\.0\\.1:\\d+/.*")) {
            System.err.println("fake injector: bad URL " + url);
            System.exit(2);
        }
        double measure = Durations.parse(opts.get("duration")).toMillis() / 1000.0;
        boolean auto = opts.get("warmup").equals("auto");
        double warm = auto ? 1 : Durations.parse(opts.get("warmup")).toMillis() / 1000.0;
        boolean errors = url.contains("errors");
        boolean unstable = url.contains("unstable");
        if (unstable) {
            warm = Durations.parse(opts.get("warmup-max")).toMillis() / 1000.0;
        }
        List<SecondSample> per = new ArrayList<>();
        long ok = 0;
        long err = 0;
        long deadline = System.currentTimeMillis() + (long) ((warm + measure) * 1000) + 1000;
        for (int t = 1; t <= Math.ceil(warm); t++) {
            Thread.sleep(1000);
            per.add(new SecondSample("warmup", t, 1000, 0));
            System.out.println("fluxlab-progress phase=warmup t=" + t + " ok=" + 1000L * t + " errors=0 rps=1000");
        }
        for (int t = 1; t <= Math.ceil(measure) && System.currentTimeMillis() < deadline; t++) {
            long spin = System.nanoTime() + 100_000_000; // a little CPU so that sampling sees some
            while (System.nanoTime() < spin) {
                Math.sqrt(t);
            }
            Thread.sleep(900);
            long okT = 1000;
            long errT = errors ? 100 : 0;
            ok += okT;
            err += errT;
            per.add(new SecondSample("measure", t, okT, errT));
            System.out.println("fluxlab-progress phase=measure t=" + t + " ok=" + ok + " errors=" + err + " rps=" + okT);
        }
        LatencySummary l = new LatencySummary(1.0, 0.2, 0.9, 1.1, 1.3, 2.0, 3.0, 4.0, 5.0, 0.1);
        Map<String, Long> errorMap = errors ? Map.of("status", err) : Map.of();
        LoadResult r = new LoadResult(LoadResult.SCHEMA, url, opts.get("protocol"), opts.containsKey("rate") ? "open" : "closed",
                opts.getOrDefault("method", "GET"), Integer.parseInt(opts.get("connections")),
                Integer.parseInt(opts.getOrDefault("in-flight", "1")), null, warm, auto ? !unstable : null, measure, ok,
                errorMap, ok / measure, new Latency(l, l), 0, 0, 0.1, 0.1 / measure, per, null, "us", null, "nio", null,
                Integer.parseInt(opts.getOrDefault("threads", "1")), null, null, null, null, null, 1, null, null,
                null, url.contains("warned") ? List.of("the server allows only 100 concurrent streams per connection: "
                        + "-m 128 was capped to 100") : null);
        Json.writeAtomically(Path.of(opts.get("json")), r);
        System.out.println("fake injector done");
    }
}
