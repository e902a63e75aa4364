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
 * TEST ONLY: stands in for a self-loading target ({@code fluxlab serve httpclient-loader}). Takes {@code --k=v}
 * flags, requires the ones the runner must pass, prints its readiness line and progress lines, writes a made-up
 * LoadResult to {@code --json} and exits 0.
 */
public final class FakeSelfLoader {

    public static void main(String[] args) throws Exception {
        dev.fluxlab.model.ParentWatch.startFromEnvironment();   // as every real fluxlab JVM does
        Map<String, String> opts = new LinkedHashMap<>();
        for (String a : args) {
            if (a.startsWith("--") && a.contains("=")) {
                opts.put(a.substring(2, a.indexOf('=')), a.substring(a.indexOf('=') + 1));
            }
        }
        if (opts.containsKey("pid-dir")) {
            Files.createDirectories(Path.of(opts.get("pid-dir")));
            Files.writeString(Path.of(opts.get("pid-dir"), ProcessHandle.current().pid() + ".pid"), "loader\n");
        }
        for (String required : List.of("json", "progress", "duration", "warmup", "connections", "path", "upstream")) {
            if (!opts.containsKey(required)) {
                System.err.println("fake loader: missing --" + required);
                System.exit(2);
            }
        }
        System.out.println("fluxlab-ready port=0 protocol=h2c transport=nio self-loading=true");
        double measure = Durations.parse(opts.get("duration")).toMillis() / 1000.0;
        List<SecondSample> per = new ArrayList<>();
        long ok = 0;
        for (int t = 1; t <= Math.ceil(measure); t++) {
            Thread.sleep(1000);
            ok += 500;
            per.add(new SecondSample("measure", t, 500, 0));
            System.out.println("fluxlab-progress phase=measure t=" + t + " ok=500 errors=0 rps=500");
        }
        LatencySummary l = new LatencySummary(1.0, 0.2, 0.9, 1.1, 1.3, 2.0, 3.0, 4.0, 5.0, 0.1);
        LoadResult r = new LoadResult(LoadResult.SCHEMA, opts.get("upstream") + opts.get("path"), "h2c", "closed",
                "GET", Integer.parseInt(opts.get("connections")), 1, null, 0, null, measure, ok, Map.of(),
                ok / measure, new Latency(l, l), 0, 0, 0.1, 0.1 / measure, per, null, "us", null, null, null, 1, null, null, null, null, null);
        Json.writeAtomically(Path.of(opts.get("json")), r);
    }
}
