package dev.fluxlab.targets.spring;

import dev.fluxlab.targets.common.stress.StressWork;
import dev.fluxlab.targets.spring.stress.AsyncStress;
import dev.fluxlab.targets.spring.stress.StressResponse;
import java.util.concurrent.CompletableFuture;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Seed 002's endpoints; every one answers {@code new Date().toString()} as text/plain. "Blocking" means the thread
 * doing the work sleeps first ({@code --sleep}, 1 s by default):
 * <ul>
 *   <li>01: {@code @Async} on the ThreadPoolTaskExecutor, blocking;</li>
 *   <li>02: {@code Mono.fromCallable(blocking)} subscribed on {@code Schedulers.boundedElastic()};</li>
 *   <li>03: {@code Mono.fromCallable(non-blocking)} on boundedElastic;</li>
 *   <li>04: non-blocking, no Mono, no scheduler;</li>
 *   <li>05: blocking, no Mono: on the event loop (or, with virtual threads on, on WebFlux's blocking executor);</li>
 *   <li>06: {@code @Async} on ForkJoinPool.commonPool, blocking;</li>
 *   <li>01-vt: {@code @Async} on Spring's virtual-thread executor, blocking;</li>
 *   <li>02-vt / 03-vt: as 02 / 03 on a Reactor scheduler over virtual threads.</li>
 * </ul>
 */
@RestController
public class StressController {

    private final StressWork work;
    private final AsyncStress async;
    private final Scheduler virtual;
    private final boolean threadHeader;

    public StressController(StressWork work, AsyncStress async, @Qualifier("virtualScheduler") Scheduler virtual,
                            WebfluxOptions options) {
        this.work = work;
        this.async = async;
        this.virtual = virtual;
        this.threadHeader = options.threadHeader();
    }

    @GetMapping("/stress-benchmark-01")
    public CompletableFuture<ResponseEntity<String>> asyncPoolBlocking() {
        return async.blockingOnPool().thenApply(this::respond);
    }

    @GetMapping("/stress-benchmark-02")
    public Mono<ResponseEntity<String>> boundedElasticBlocking() {
        return Mono.fromCallable(work::blockingDate).subscribeOn(Schedulers.boundedElastic()).map(this::respond);
    }

    @GetMapping("/stress-benchmark-03")
    public Mono<ResponseEntity<String>> boundedElasticNonBlocking() {
        return Mono.fromCallable(work::date).subscribeOn(Schedulers.boundedElastic()).map(this::respond);
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
    public Mono<ResponseEntity<String>> virtualSchedulerBlocking() {
        return Mono.fromCallable(work::blockingDate).subscribeOn(virtual).map(this::respond);
    }

    @GetMapping("/stress-benchmark-03-vt")
    public Mono<ResponseEntity<String>> virtualSchedulerNonBlocking() {
        return Mono.fromCallable(work::date).subscribeOn(virtual).map(this::respond);
    }

    private ResponseEntity<String> respond(StressWork.Result r) {
        return StressResponse.of(r, threadHeader);
    }
}
