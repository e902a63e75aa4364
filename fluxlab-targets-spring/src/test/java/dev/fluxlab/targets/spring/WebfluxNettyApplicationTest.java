package dev.fluxlab.targets.spring;

import dev.fluxlab.targets.spring.launch.StartFailure;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.ReadinessAttributes;
import dev.fluxlab.targets.common.stress.StressConfig;
import dev.fluxlab.targets.common.stress.StressWork;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.text.SimpleDateFormat;
import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Starts the WebFlux target in-process (port 0, a short sleep, the thread header on; unprimed, seed 002's socket
 * and scheduler knobs set) and checks every endpoint answers a date and does its work on the thread kind it claims.
 */
public class WebfluxNettyApplicationTest {

    private static WebfluxNettyApplication.Started app;
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeAll
    static void start() {
        app = WebfluxNettyApplication.start(WebfluxOptions.parse(new String[]{
                "--port=0", "--sleep=20ms", "--thread-header=true", "--workers=2", "--transport=nio",
                "--prime=false", "--allocator=pooled-heap", "--so-keepalive=true",
                "--virtual-scheduler=scheduled-pool"}));
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.close();
        }
    }

    public static HttpResponse<String> get(int port, String path) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    public static void assertDate(String body) throws Exception {
        // Date.toString(): "EEE MMM dd HH:mm:ss zzz yyyy"
        assertNotNull(new SimpleDateFormat("EEE MMM dd HH:mm:ss zzz yyyy", Locale.ROOT).parse(body), body);
        assertTrue(body.matches("\\w{3} \\w{3} \\d{2} \\d{2}:\\d{2}:\\d{2} \\S+ \\d{4}"), body);
    }

    @ParameterizedTest(name = "{0} runs on {1} (virtual={2})")
    @CsvSource({
        "/stress-benchmark-01, fluxlab-async-, false",
        "/stress-benchmark-02, boundedElastic-, false",
        "/stress-benchmark-03, boundedElastic-, false",
        "/stress-benchmark-04, fluxlab-webflux-nio-, false",
        "/stress-benchmark-05, fluxlab-webflux-nio-, false",
        "/stress-benchmark-06, ForkJoinPool.commonPool-worker-, false",
        "/stress-benchmark-01-vt, fluxlab-vt-async-, true",
        "/stress-benchmark-02-vt, fluxlab-vt-scheduler-, true",
        "/stress-benchmark-03-vt, fluxlab-vt-scheduler-, true"})
    void endpointAnswersADateOnTheThreadItClaims(String path, String threadPrefix, boolean virtual) throws Exception {
        HttpResponse<String> r = get(app.port(), path);
        assertEquals(200, r.statusCode());
        assertDate(r.body());
        String thread = r.headers().firstValue(StressWork.THREAD_HEADER).orElseThrow();
        assertTrue(thread.startsWith(threadPrefix), thread);
        assertTrue(thread.endsWith(";virtual=" + virtual), thread);
    }

    @Test
    void blockingEndpointHoldsItsThreadForTheSleep() throws Exception {
        long t0 = System.nanoTime();
        assertEquals(200, get(app.port(), "/stress-benchmark-05").statusCode());
        assertTrue(System.nanoTime() - t0 >= Duration.ofMillis(20).toNanos(), "answered before the sleep ended");
    }

    @Test
    void readinessLineReportsWhatRuns() {
        ReadinessAttributes a = Readiness.parse(app.readinessLine()).orElseThrow();
        assertEquals(String.valueOf(app.port()), a.get(Readiness.PORT));
        assertEquals("http1.1", a.get(Readiness.PROTOCOL));
        assertEquals("nio", a.get(Readiness.TRANSPORT));
        assertEquals("2", a.get(Readiness.WORKERS));
        assertEquals("20", a.get(Readiness.SLEEP_MS));
        assertEquals("event-loop", a.get(Readiness.BLOCKING_EXECUTION));
        assertEquals("100", a.get(Readiness.ASYNC_CORE));
        assertEquals("false", a.get(Readiness.PRIMED));
        assertEquals("pooled-heap", a.get(Readiness.ALLOCATOR));
        assertEquals("scheduled-pool", a.get(Readiness.VIRTUAL_SCHEDULER));
    }

    @Test
    void busyPortIsOneClearErrorWithExitCode2() {
        StartFailure e = assertThrows(StartFailure.class,
                () -> WebfluxNettyApplication.start(WebfluxOptions.parse(new String[]{"--port=" + app.port()})));
        assertEquals(2, e.exitCode());
        assertTrue(e.getMessage().contains("port " + app.port() + " is in use"), e.getMessage());
    }

    /** A library build fluxlab run put into the classpath is checked: asked for another, the application will not start. */
    @Test
    void anotherLibraryReleaseThanTheClasspathsIsRefusedBeforeSpringStarts() {
        String m = assertThrows(IllegalArgumentException.class, () -> WebfluxNettyApplication.start(
                WebfluxOptions.parse(new String[]{"--reactor-netty-version=1.3.99-elsewhere"}))).getMessage();
        assertTrue(m.startsWith("--reactor-netty-version 1.3.99-elsewhere was asked for, but this classpath runs "
                + "Reactor Netty 1.3.8"), m);
        m = assertThrows(IllegalArgumentException.class, () -> WebfluxNettyApplication.start(WebfluxOptions.parse(
                new String[]{"--reactor-netty-version=1.3.8", "--netty-version=4.2.99.Final"}))).getMessage();
        assertTrue(m.startsWith("--netty-version 4.2.99.Final was asked for, but this classpath runs Netty 4.2.18"), m);
    }

    @Test
    void stressDefaultsAreStressConfigs() {
        assertEquals(StressConfig.DEFAULTS, WebfluxOptions.defaults().stressConfig());
        assertEquals(StressConfig.DEFAULTS, UndertowKnobs.parse(new String[0]).options().stressConfig());
    }

    @Test
    void badOptionsAreRejectedByName() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WebfluxOptions.parse(new String[]{"--nope=1"}))
                .getMessage().contains("--nope"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> WebfluxOptions.parse(new String[]{"--sleep=soon"})).getMessage().contains("--sleep"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> WebfluxOptions.parse(new String[]{"--async-core=300"})).getMessage().contains("--async-max"));
        // the pool's bounds are StressConfig's, worded as every target words them
        assertEquals("--async-max (0) must be at least --async-core (100)", assertThrows(IllegalArgumentException.class,
                () -> WebfluxOptions.parse(new String[]{"--async-max=0"})).getMessage());
        assertEquals("--async-core must be at least 1, was 0", assertThrows(IllegalArgumentException.class,
                () -> UndertowKnobs.parse(new String[]{"--async-core=0"})).getMessage());
        assertEquals("--async-queue must be at least 0, was -1", assertThrows(IllegalArgumentException.class,
                () -> WebfluxOptions.parse(new String[]{"--async-queue=-1"})).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> WebfluxOptions.parse(new String[]{"--protocol=h2"})).getMessage().contains("--protocol"));
        assertEquals("--protocol: unknown protocol 'h4'; accepted: http1.1, h2c, http1.1+h2c",
                assertThrows(IllegalArgumentException.class,
                        () -> WebfluxOptions.parse(new String[]{"--protocol=h4"})).getMessage());
        assertEquals("--protocol h3 is not offered by the Spring targets (no TLS here); use http1.1, h2c or http1.1+h2c",
                assertThrows(IllegalArgumentException.class,
                        () -> WebfluxOptions.parse(new String[]{"--protocol=h3"})).getMessage());
        assertEquals("http1.1", WebfluxOptions.defaults().protocol().label());
        assertFalse(WebfluxOptions.defaults().virtualThreads());
        assertEquals(Duration.ofSeconds(1), WebfluxOptions.defaults().sleep());
        assertTrue(WebfluxOptions.defaults().prime());
        assertEquals(null, WebfluxOptions.defaults().soKeepAlive());
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> WebfluxOptions.parse(new String[]{"--allocator=pooled"})).getMessage().contains("pooled-heap"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> UndertowKnobs.parse(
                new String[]{"--allocator=pooled-heap"})).getMessage().contains("--allocator"));
    }
}
