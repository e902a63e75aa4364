package dev.fluxlab.targets.spring.boot4;

import dev.fluxlab.targets.spring.WebfluxNettyApplicationTest;
import dev.fluxlab.targets.spring.UndertowKnobs;
import dev.fluxlab.targets.spring.launch.StartFailure;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.ReadinessAttributes;
import dev.fluxlab.targets.common.stress.StressWork;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.netty.http.HttpProtocol;
import reactor.netty.http.client.HttpClient;

/**
 * The WebFlux application on Undertow (in-process, port 0, HTTP/1.1 and h2c on one port): the router answers with the
 * target's own Server header, blocking handlers run on Undertow's Servlet workers, h2c works by prior knowledge, the
 * readiness line carries the bound port, and bad input is refused by name.
 */
class WebfluxUndertowApplicationTest {

    private static WebfluxUndertowApplication.Started app;

    @BeforeAll
    static void start() {
        app = WebfluxUndertowApplication.start(UndertowKnobs.parse(new String[]{
                "--port=0", "--protocol=http1.1+h2c", "--sleep=20ms", "--thread-header=true", "--io-threads=2",
                "--worker-threads=8"}));
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.close();
        }
    }

    @Test
    void routerAnswersWithTheUndertowTargetsHeaders() throws Exception {
        HttpResponse<String> r = WebfluxNettyApplicationTest.get(app.port(), "/users/u-1/orders/42");
        assertEquals(200, r.statusCode());
        assertEquals("{\"user\":\"u-1\",\"order\":\"42\"}", r.body());
        assertEquals("fluxlab-webflux-undertow", r.headers().firstValue("server").orElseThrow());
        assertEquals(String.valueOf(r.body().length()), r.headers().firstValue("content-length").orElseThrow());
        assertEquals(1, r.headers().allValues("date").size(), "one Date header: " + r.headers().map());
    }

    @Test
    void blockingHandlerRunsOnAServletWorker() throws Exception {
        HttpResponse<String> r = WebfluxNettyApplicationTest.get(app.port(), "/stress-benchmark-05");
        assertEquals(200, r.statusCode());
        WebfluxNettyApplicationTest.assertDate(r.body());
        String thread = r.headers().firstValue(StressWork.THREAD_HEADER).orElseThrow();
        assertTrue(thread.startsWith("XNIO-") && thread.contains(" task-"), thread);
    }

    @Test
    void h2cByPriorKnowledge() {
        String body = HttpClient.create().protocol(HttpProtocol.H2C)
                .get().uri("http://127.0.0.1:" + app.port() + "/hello/h2c")
                .responseSingle((res, content) -> {
                    assertEquals(200, res.status().code());
                    return content.asString();
                })
                .block(Duration.ofSeconds(10));
        assertEquals("Hello, h2c!", body);
    }

    @Test
    void readinessLineCarriesTheBoundPortAndTheUndertowKnobs() {
        ReadinessAttributes a = Readiness.parse(app.readinessLine()).orElseThrow();
        assertTrue(app.port() > 0);
        assertEquals(String.valueOf(app.port()), a.get(Readiness.PORT));
        assertEquals("http1.1+h2c", a.get(Readiness.PROTOCOL));
        assertEquals("2", a.get(Readiness.IO_THREADS));
        assertEquals("8", a.get(Readiness.WORKER_THREADS));
        assertEquals("spring-webflux", a.get(Readiness.FRAMEWORK));
    }

    @Test
    void busyPortIsOneClearErrorWithExitCode2() {
        StartFailure e = assertThrows(StartFailure.class, () -> WebfluxUndertowApplication.start(
                UndertowKnobs.parse(new String[]{"--port=" + app.port()})));
        assertEquals(2, e.exitCode());
        assertTrue(e.getMessage().contains("port " + app.port() + " is in use"), e.getMessage());
    }

    @Test
    void reactorNettyKnobsAndBadValuesAreRefusedByName() {
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> UndertowKnobs.parse(new String[]{"--transport=epoll"})).getMessage().contains("--transport"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> UndertowKnobs.parse(new String[]{"--io-threads=0"})).getMessage().contains("--io-threads"));
        // the same words as the plain undertow target's (UndertowListener.checkSizes)
        assertEquals("--buffer-size must be at least 1024 bytes, was 10; leave it out for light-4j's default",
                assertThrows(IllegalArgumentException.class,
                        () -> UndertowKnobs.parse(new String[]{"--buffer-size=10"})).getMessage());
        assertEquals("--worker-threads must be at least 1, was 0; leave it out for light-4j's default",
                assertThrows(IllegalArgumentException.class,
                        () -> new UndertowKnobs(2, 0, 16384)).getMessage());
        UndertowKnobs.Parsed d = UndertowKnobs.parse(new String[0]);
        assertEquals(2 * Runtime.getRuntime().availableProcessors(), d.undertow().ioThreads());
        assertEquals(200, d.undertow().workerThreads());
        assertEquals(16 * 1024, d.undertow().bufferSize());
        assertEquals("http1.1", d.options().protocol().label());
    }
}
