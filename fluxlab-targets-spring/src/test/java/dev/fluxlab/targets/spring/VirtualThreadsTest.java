package dev.fluxlab.targets.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.targets.common.stress.StressWork;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/**
 * With {@code spring.threads.virtual.enabled}, WebFlux runs non-reactive handler methods (04, 05) on Boot's
 * virtual-thread task executor instead of the event loop, which is what makes 05 scale with concurrency there.
 */
class VirtualThreadsTest {

    @Test
    void blockingHandlerRunsOnAVirtualThreadWhenVirtualThreadsAreOn() throws Exception {
        try (WebfluxNettyApplication.Started app = WebfluxNettyApplication.start(WebfluxOptions.parse(new String[]{
                "--port=0", "--sleep=10ms", "--thread-header=true", "--virtual-threads=true"}))) {
            HttpResponse<String> r = WebfluxNettyApplicationTest.get(app.port(), "/stress-benchmark-05");
            assertEquals(200, r.statusCode());
            WebfluxNettyApplicationTest.assertDate(r.body());
            String thread = r.headers().firstValue(StressWork.THREAD_HEADER).orElseThrow();
            assertTrue(thread.endsWith(";virtual=true"), thread);
            assertEquals("virtual",
                    Readiness.parse(app.readinessLine()).orElseThrow().get(Readiness.BLOCKING_EXECUTION));
        }
    }
}
