package dev.fluxlab.targets.mvc;

import dev.fluxlab.targets.common.stress.StressConfig;
import dev.fluxlab.targets.common.stress.StressWork;
import dev.fluxlab.targets.spring.stress.AsyncStress;
import dev.fluxlab.targets.spring.stress.StressResponse;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * Seed 002's endpoints as Spring MVC expresses them; each answers {@code new Date().toString()} as text/plain and
 * "blocking" sleeps {@code --sleep} first. Same paths as the WebFlux targets, so a suite's scenarios run on both:
 * <ul>
 *   <li>01: {@code @Async} on the ThreadPoolTaskExecutor, blocking ({@code CompletableFuture}: MVC async request);</li>
 *   <li>02: {@code Callable}, blocking: MVC runs it on Boot's task executor (virtual with virtual threads on);</li>
 *   <li>03: {@code Callable}, non-blocking;</li>
 *   <li>04: non-blocking on the request thread;</li>
 *   <li>05: blocking on the request thread: a Tomcat thread ({@code --max-threads} at a time), or a virtual
 *       thread with virtual threads on;</li>
 *   <li>06: {@code @Async} on ForkJoinPool.commonPool, blocking;</li>
 *   <li>01-vt: {@code @Async} on Spring's virtual-thread executor, blocking;</li>
 *   <li>02-vt / 03-vt: a {@code DeferredResult} completed from a virtual thread, blocking / non-blocking.</li>
 * </ul>
 */
@RestController
public class MvcStressController {

    private final StressWork work;
    private final AsyncStress async;
    private final Executor virtual;
    private final boolean threadHeader;

    public MvcStressController(StressWork work, AsyncStress async, @Qualifier("virtualAsync") Executor virtual,
                               StressConfig config) {
        this.work = work;
        this.async = async;
        this.virtual = virtual;
        this.threadHeader = config.threadHeader();
    }

    @GetMapping("/stress-benchmark-01")
    public CompletableFuture<ResponseEntity<String>> asyncPoolBlocking() {
        return async.blockingOnPool().thenApply(this::respond);
    }

    @GetMapping("/stress-benchmark-02")
    public Callable<ResponseEntity<String>> callableBlocking() {
        return () -> respond(work.blockingDate());
    }

    @GetMapping("/stress-benchmark-03")
    public Callable<ResponseEntity<String>> callableNonBlocking() {
        return () -> respond(work.date());
    }

    @GetMapping("/stress-benchmark-04")
    public ResponseEntity<String> nonBlocking() {
        return respond(work.date());
    }

    @GetMapping("/stress-benchmark-05")
    public ResponseEntity<String> blocking() {
        return respond(work.blockingDate());
    }

    @GetMapping("/stress-benchmark-06")
    public CompletableFuture<ResponseEntity<String>> commonPoolBlocking() {
        return async.blockingOnCommonPool().thenApply(this::respond);
    }

    @GetMapping("/stress-benchmark-01-vt")
    public CompletableFuture<ResponseEntity<String>> virtualAsyncBlocking() {
        return async.blockingOnVirtual().thenApply(this::respond);
    }

    @GetMapping("/stress-benchmark-02-vt")
    public DeferredResult<ResponseEntity<String>> deferredVirtualBlocking() {
        return deferred(true);
    }

    @GetMapping("/stress-benchmark-03-vt")
    public DeferredResult<ResponseEntity<String>> deferredVirtualNonBlocking() {
        return deferred(false);
    }

    private DeferredResult<ResponseEntity<String>> deferred(boolean blocking) {
        DeferredResult<ResponseEntity<String>> result = new DeferredResult<>();
        virtual.execute(() -> {
            try {
                result.setResult(respond(blocking ? work.blockingDate() : work.date()));
            } catch (RuntimeException e) {
                result.setErrorResult(e);
            }
        });
        return result;
    }

    private ResponseEntity<String> respond(StressWork.Result r) {
        return StressResponse.of(r, threadHeader);
    }
}
