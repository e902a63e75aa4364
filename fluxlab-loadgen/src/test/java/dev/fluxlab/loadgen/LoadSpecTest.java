package dev.fluxlab.loadgen;

import dev.fluxlab.model.Durations;
import dev.fluxlab.model.Json;
import dev.fluxlab.model.http.WireProtocol;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LoadSpecTest {

    @Test
    void defaultsFollowTheScheme() {
        LoadSpec s = LoadSpec.builder("https://localhost:8443/x?y=1").build();
        assertEquals(WireProtocol.H2, s.protocol());
        assertEquals("/x?y=1", s.pathAndQuery());
        assertEquals("localhost:8443", s.authority());
        assertEquals(WireProtocol.HTTP11, LoadSpec.builder("http://127.0.0.1/").build().protocol());
        assertEquals("127.0.0.1:80", LoadSpec.builder("http://127.0.0.1/").build().authority());
    }

    @Test
    void aPacedLoadAtTwentyThousandRequestsPerSecondRunsOnOneLoopUnlessToldOtherwise() {
        assertEquals(1, LoadSpec.builder("http://127.0.0.1:1/").connections(16).rate(20_000.0).build().threads());
        assertEquals(2, LoadSpec.builder("http://127.0.0.1:1/").connections(16).rate(20_000.0).threads(2).build()
                .threads(), "an explicit --threads wins");
        assertEquals(Math.min(Runtime.getRuntime().availableProcessors(), 16),
                LoadSpec.builder("http://127.0.0.1:1/").connections(16).build().threads(), "closed model as before");
    }

    @Test
    void badValuesAreRefusedWithTheirName() {
        assertTrue(msg(LoadSpec.builder("ftp://127.0.0.1/")).contains("scheme"));
        assertTrue(msg(LoadSpec.builder("http://127.0.0.1:/")).contains("empty port"));
        assertTrue(msg(LoadSpec.builder("http://127.0.0.1/").connections(0)).contains("--connections"));
        assertTrue(msg(LoadSpec.builder("http://127.0.0.1/").rate(0.0)).contains("--rate"));
        assertTrue(msg(LoadSpec.builder("http://127.0.0.1/").protocol("h2")).contains("https"));
        assertTrue(msg(LoadSpec.builder("http://127.0.0.1/").protocol("h3")).contains("protocol"));
        assertTrue(msg(LoadSpec.builder("http://127.0.0.1/").duration(Duration.ZERO)).contains("--duration"));
        assertEquals("--duration must be at least 100ms (a shorter window measures neither a rate nor the injector's "
                + "CPU), e.g. 10s; got 10ms", msg(LoadSpec.builder("http://127.0.0.1/").duration(Duration.ofMillis(10))));
        assertTrue(msg(LoadSpec.builder("http://127.0.0.1/").duration(Duration.ofNanos(1))).contains("at least 100ms"));
        LoadSpec.builder("http://127.0.0.1/").duration(LoadSpec.MIN_DURATION).build();
        // a count's window is bounded by --max-duration as a fixed one is by --duration: the same floor
        assertEquals("--max-duration must be at least 100ms with --requests (a shorter window measures neither a rate "
                + "nor the injector's CPU), e.g. 10m; got 1ns", msg(LoadSpec.builder("http://127.0.0.1/").requests(100L)
                .maxDuration(Duration.ofNanos(1))));
        LoadSpec.builder("http://127.0.0.1/").requests(100L).maxDuration(LoadSpec.MIN_DURATION).build();
        LoadSpec.builder("http://127.0.0.1/").duration(Duration.ofSeconds(1)).precision(0.05)
                .maxDuration(Duration.ofMillis(10)).build(); // --precision measures --duration at least: no floor here
        assertTrue(msg(LoadSpec.builder("http://127.0.0.1/").header("Content-Length", "5"))
                .startsWith("header 'Content-Length' is set by fluxlab from the request body"));
        assertTrue(msg(LoadSpec.builder("http://127.0.0.1/").header("transfer-encoding", "chunked"))
                .startsWith("header 'transfer-encoding' cannot be sent"));
        assertTrue(msg(LoadSpec.builder("http://127.0.0.1/").header("Connection", "close"))
                .contains("use --keep-alive false"));
    }

    @Test
    void aConnectionPerRequestIsRefusedWhereItMeansNothing() {
        assertTrue(msg(LoadSpec.builder("http://127.0.0.1/").protocol("h2c").keepAlive(false))
                .contains("--keep-alive false is for HTTP/1.1 only"));
        assertTrue(msg(LoadSpec.builder("https://127.0.0.1/").keepAlive(false)).contains("HTTP/1.1 only"));
        assertTrue(msg(LoadSpec.builder("http://127.0.0.1/").inFlight(4).keepAlive(false)).contains("-m 1"));
        assertTrue(msg(LoadSpec.builder("http://127.0.0.1/").rate(100.0).keepAlive(false)).contains("--rate"));
        assertTrue(LoadSpec.builder("https://127.0.0.1/").protocol("http1.1").keepAlive(false).build().tls());
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "http://127.0.0.1:-1/     | port -1 is out of range; a port is 1..65535",
            "http://127.0.0.1:99999/  | port 99999 is out of range",
            "http://127.0.0.1:abc/    | port 'abc' is not a number",
            "http://127.0.0.1:0/      | port 0 cannot be connected to",
            "http://[::1]:0/          | port 0 cannot be connected to",
            "http://:8080/            | no host",
            "http:///x                | no host",
            "http://::1:8080/         | an IPv6 address needs brackets",
            // a request line is ASCII: é would leave as one Latin-1 byte, 😀 as '?', another resource than written
            "http://127.0.0.1:8080/héllo   | the path has the non-ASCII character 'é' (U+00E9) at index 2",
            "http://127.0.0.1:8080/héllo   | percent-encoded as UTF-8: %C3%A9",
            "http://127.0.0.1:8080/a?q=😀  | the path has the non-ASCII character '😀' (U+1F600) at index 5",
            "http://127.0.0.1:8080/a?q=😀  | %F0%9F%98%80",
    })
    void badUrlsSayWhatIsWrong(String url, String expected) {
        String m = msg(LoadSpec.builder(url));
        assertTrue(m.contains("invalid URL '" + url + "'") && m.contains(expected), m);
    }

    /** Credentials in a URL were dropped without a word and kept in plain text in the document's target. */
    @Test
    void credentialsInTheUrlAreRefusedWithoutRepeatingThem() {
        String m = msg(LoadSpec.builder("http://user:secret@127.0.0.1:8080/x"));
        assertEquals("invalid URL 'http://***@127.0.0.1:8080/x': credentials in the URL are not sent; remove them and "
                + "give -H 'Authorization: ...' if the target needs one", m);
        // masked when another problem is found first too
        for (String url : java.util.List.of("http://user:secret@127.0.0.1:8080/a b", "ftp://user:secret@127.0.0.1/")) {
            String other = msg(LoadSpec.builder(url));
            assertTrue(!other.contains("secret") && other.contains("//***@127.0.0.1"), other);
        }
    }

    @Test
    void aHeaderValueBeyondLatin1IsRefusedAndLatin1IsSentAsItsBytes() {
        String m = msg(LoadSpec.builder("http://127.0.0.1:8080/").header("x-a", "caf\u00e9 \u20ac"));
        assertTrue(m.contains("invalid header value for 'x-a'") && m.contains("above U+00FF"), m);
        LoadSpec.builder("http://127.0.0.1:8080/%C3%A9").header("x-a", "caf\u00e9").build();
    }

    @Test
    void hostsJavaCannotReadAsUrlHostsAreResolvedLikeAnyOther() {
        LoadSpec s = LoadSpec.builder("http://127.1:8080/x").build();
        assertEquals("127.1", s.host());
        assertEquals(8080, s.port());
        assertTrue(TargetGuard.resolve(s.host(), false).isLoopbackAddress(), "127.1 is 127.0.0.1");
        LoadSpec ipv6 = LoadSpec.builder("http://[::1]:8080/").build();
        assertEquals("::1", ipv6.host());
        assertEquals("[::1]:8080", ipv6.authority());
        String m = assertThrows(IllegalArgumentException.class, () -> TargetGuard.resolve("no_such_host.invalid", false)).getMessage();
        assertTrue(m.contains("cannot resolve host 'no_such_host.invalid'"), m);
    }

    @Test
    void theRateLimitIsNamedAndHeldExactly() {
        String m = msg(LoadSpec.builder("http://127.0.0.1/").rate(1e12));
        assertTrue(m.contains("--rate must be more than 0 and at most 1000000000 requests per second") && m.contains("1.0E12"), m);
        assertEquals(LoadSpec.MAX_RATE, LoadSpec.builder("http://127.0.0.1/").rate(LoadSpec.MAX_RATE).build().rate());
        assertTrue(msg(LoadSpec.builder("http://127.0.0.1/").rate(Math.nextUp(LoadSpec.MAX_RATE))).contains("at most"));
        assertTrue(msg(LoadSpec.builder("http://127.0.0.1/").rate(Double.NaN)).contains("--rate"));
    }

    @Test
    void aBodyOverTheCapIsRefused() {
        byte[] big = new byte[LoadSpec.MAX_BODY + 1];
        assertTrue(msg(LoadSpec.builder("http://127.0.0.1/").body(big, null)).contains("at most 16777216 bytes (16 MiB)"));
        assertEquals(LoadSpec.MAX_BODY, LoadSpec.builder("http://127.0.0.1/").body(new byte[LoadSpec.MAX_BODY], null).build().body().length);
    }

    @Test
    void oversizedHeadersAreRefusedInTheTermsOfTheirProtocol() {
        String value = "a".repeat(100_000);
        IllegalArgumentException h1 = assertThrows(IllegalArgumentException.class,
                () -> new RequestTemplate(LoadSpec.builder("http://127.0.0.1/").header("X-Big", value).build()));
        assertTrue(h1.getMessage().contains("too large for HTTP/1.1: fluxlab sends at most 65536 bytes"), h1.getMessage());
        assertFalse(h1.getMessage().contains("HTTP/2"), h1.getMessage());
        IllegalArgumentException h2 = assertThrows(IllegalArgumentException.class,
                () -> new RequestTemplate(LoadSpec.builder("http://127.0.0.1/").protocol("h2c").header("X-Big", value).build()));
        assertTrue(h2.getMessage().contains("too large: fluxlab sends at most 65536 bytes of them, over HTTP/2 as over HTTP/1.1"),
                h2.getMessage());
        // just under the HTTP/1.1 limit is sent as given
        String fits = "a".repeat(60_000);
        assertTrue(new RequestTemplate(LoadSpec.builder("http://127.0.0.1/").header("X-Big", fits).build()).http1.length > 60_000);
    }

    @Test
    void nonLoopbackTargetsAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TargetGuard.resolve("10.1.2.3", false));
        assertTrue(e.getMessage().contains("--allow-remote"));
        assertTrue(TargetGuard.resolve("127.0.0.2", false).isLoopbackAddress());
        assertTrue(TargetGuard.resolve("::1", false).isLoopbackAddress());
    }

    @Test
    void generatedJsonBodiesHaveTheExactSizeAndParse() throws Exception {
        for (int size : new int[]{2, 5, 10, 11, 12, 100, 4096}) {
            byte[] b = LoadSpec.jsonBody(size);
            assertEquals(size, b.length);
            Json.mapper().readTree(b);
        }
        assertThrows(IllegalArgumentException.class, () -> LoadSpec.jsonBody(1));
    }

    @Test
    void durationsParse() {
        assertEquals(Duration.ofMillis(500), Durations.parse("500ms"));
        assertEquals(Duration.ofSeconds(10), Durations.parse("10s"));
        assertEquals(Duration.ofMinutes(2), Durations.parse("2m"));
        assertEquals(Duration.ofMillis(1500), Durations.parse("1.5s"));
        assertEquals(Duration.ZERO, Durations.parse("0"));
        assertThrows(IllegalArgumentException.class, () -> Durations.parse("10"));
        assertThrows(IllegalArgumentException.class, () -> Durations.parse("10x"));
        assertThrows(IllegalArgumentException.class, () -> Durations.parse("-1s"));
    }

    private static String msg(LoadSpec.Builder b) {
        return assertThrows(IllegalArgumentException.class, b::build).getMessage();
    }

    @Test
    void eachLoopCountsEverySecondTheMeasuredPhaseCanLastAndOneMore() {
        String url = "http://127.0.0.1:8080/";
        assertEquals(11, LoadSpec.builder(url).duration(Duration.ofSeconds(10)).build().measuredBuckets());
        assertEquals(4, LoadSpec.builder(url).duration(Duration.ofMillis(2500)).build().measuredBuckets());
        assertEquals(601, LoadSpec.builder(url).duration(Duration.ofSeconds(5)).precision(0.02)
                .maxDuration(Duration.ofMinutes(10)).build().measuredBuckets(), "a precision: up to its bound");
        assertEquals(31, LoadSpec.builder(url).requests(1000L).maxDuration(Duration.ofSeconds(30)).build()
                .measuredBuckets(), "a count: up to its bound");
        assertEquals(LoadSpec.MAX_COUNTED_SECONDS + 1, LoadSpec.builder(url).duration(Duration.ofDays(3)).build()
                .measuredBuckets(), "capped: a three-day window does not take 4 MB per loop");
    }
}
