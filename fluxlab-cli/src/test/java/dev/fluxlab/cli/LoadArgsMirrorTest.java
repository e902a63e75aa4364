package dev.fluxlab.cli;

import dev.fluxlab.options.OptionValues;

import dev.fluxlab.model.contract.LoadArgs;
import dev.fluxlab.model.warmup.WarmupPolicy;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code fluxlab load} mirrors {@link LoadArgs}, the command line the runner builds: every field of the record is an
 * option (or the URL) of {@link LoadCommand}, and a command line built from the record parses back to the same values.
 */
class LoadArgsMirrorTest {

    /** Every field set, so every option appears. */
    private static LoadArgs full() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("X-Lab", "1");
        return new LoadArgs("https://127.0.0.1:8443/json", "h2", 12, 4, 5000.0, 3, "2s", Duration.ofSeconds(7), 2.5,
                Duration.ofSeconds(45), WarmupPolicy.auto(Duration.ofSeconds(6), Duration.ofSeconds(40)), List.of(4242L, 4343L), "POST", Path.of("body.json"), 100, headers, 201,
                "{\"ok\":true}", "application/json", true, Path.of("load-1.json"), "machine", false, 500L,
                Path.of("gate"));
    }

    @Test
    void everyFieldIsAnOptionOfLoad() {
        CommandLine.Model.CommandSpec spec = new CommandLine(new LoadCommand()).getCommandSpec();
        List<LoadArgs.Option> options = full().options();
        Set<String> names = options.stream().map(LoadArgs.Option::name).collect(Collectors.toSet());
        // the URL is the positional parameter; every other field gives exactly one option name, except that a body
        // file and a body size exclude each other on one command line, and an auto warm-up policy gives three
        // (--warmup, --warmup-max, --warmup-min)
        int fields = LoadArgs.class.getRecordComponents().length;
        assertEquals(fields - 1 - 1 + 2, names.size(), "options: " + names);
        for (String name : names) {
            assertNotNull(spec.findOption(name), "fluxlab load has no option " + name);
        }
        assertEquals(1, spec.positionalParameters().size(), "the URL");
        assertTrue(Arrays.stream(LoadArgs.class.getRecordComponents()).anyMatch(c -> c.getName().equals("bodySize")));
        LoadArgs sized = new LoadArgs("http://127.0.0.1:1/", null, 1, null, null, null, null, null, null, null, null,
                null, null, null, 10, null, 200, null, null, false, null, null, null, null, null);
        assertNotNull(spec.findOption(sized.options().stream().filter(o -> o.name().equals("--body-size")).findFirst()
                .orElseThrow().name()));
    }

    @Test
    void aCommandLineFromTheRecordParsesBackToItsValues() {
        LoadArgs a = full();
        LoadCommand c = new LoadCommand();
        OptionValues.install(new CommandLine(c)).parseArgs(a.toArgv().toArray(String[]::new));
        assertEquals(a.url(), c.url);
        assertEquals(a.protocol(), c.protocol);
        assertEquals(a.connections(), c.connections);
        assertEquals(a.inFlight(), c.inFlight);
        assertEquals(a.rate().doubleValue(), c.rate);
        assertEquals(a.threads(), c.threads);
        assertEquals(dev.fluxlab.model.Durations.parse(a.timeout()), c.timeout);
        assertEquals(java.time.Duration.ofSeconds(7), c.duration);
        assertEquals(a.requests(), c.requests);
        assertEquals(2.5, c.precision);
        assertEquals(java.time.Duration.ofSeconds(45), c.maxDuration);
        assertEquals("auto", c.warmup);
        assertEquals(java.time.Duration.ofSeconds(40), c.warmupMax);
        assertEquals(java.time.Duration.ofSeconds(6), c.warmupMin);
        assertEquals(List.of(4242L, 4343L), c.watchPids);
        assertEquals(a.method(), c.method);
        assertEquals(a.bodyFile(), c.bodyFile);
        assertEquals(List.of("X-Lab: 1"), c.headers);
        assertEquals(a.expectStatus(), c.expectStatus);
        assertEquals(a.expectBody(), c.expectBody);
        assertEquals(a.expectContentType(), c.expectContentType);
        assertEquals(a.insecure(), c.insecure);
        assertEquals(a.json(), c.json);
        assertEquals(a.progress(), c.progress);
        assertEquals(a.keepAlive(), c.keepAlive);
        assertEquals(a.measureGate(), c.measureGate);
    }
}
