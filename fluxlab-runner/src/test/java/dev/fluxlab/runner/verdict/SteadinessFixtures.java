package dev.fluxlab.runner.verdict;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.CellResult;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Cells as results.json holds them, built from JSON text so the fixtures do not follow every new record component.
 */
final class SteadinessFixtures {

    private SteadinessFixtures() {
    }

    /**
     * A cell of target {@code process} whose repeats measured {@code rps[i]} req/s; the summary's CPU per request of
     * the target is {@code cpuUs}.
     */
    static CellResult cell(int index, String process, double cpuUs, double... rps) {
        double[] target = new double[rps.length];
        double[] injector = new double[rps.length];
        java.util.Arrays.fill(target, cpuUs);
        java.util.Arrays.fill(injector, 5.0);
        return cell(index, process, cpuUs, rps, target, injector);
    }

    /** As above, with each repeat's CPU per request of the target and of the injector. */
    static CellResult cell(int index, String process, double cpuUs, double[] rps, double[] targetUs, double[] injectorUs) {
        List<String> repeats = new ArrayList<>();
        for (int i = 0; i < rps.length; i++) {
            repeats.add(String.format(Locale.ROOT, """
                    {"repeat": %d, "valid": true, "reasons": [], "findings": [],
                     "load": {"throughput_rps": %.1f, "requests_ok": %d},
                     "processes": [{"role": "target", "name": "%s", "cpu_per_request_us": %.2f},
                                   {"role": "injector", "name": "injector", "cpu_per_request_us": %.2f}]}""",
                    i + 1, rps[i], (long) rps[i] * 4, process, targetUs[i], injectorUs[i]));
        }
        String json = String.format(Locale.ROOT, """
                {"id": "cell-%d", "index": %d, "knobs": {"target": "%s", "n": "%d"}, "valid": true, "reasons": [],
                 "findings": [], "repeats": [%s],
                 "summary": {"throughput_rps": {"median": %.1f, "n": %d},
                             "cpu_per_request_us": {"%s": {"median": %.2f, "n": %d},
                                                 "injector": {"median": 5.0, "n": %d}}}}""",
                index, index, process, index, String.join(",", repeats), rps.length == 0 ? 0 : rps[0], rps.length,
                process, cpuUs, Math.max(1, rps.length), Math.max(1, rps.length));
        try {
            return Json.read(json, CellResult.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
