package dev.fluxlab.targets.spring.stress;

import dev.fluxlab.targets.common.stress.StressWork;
import java.util.concurrent.CompletableFuture;
import org.springframework.scheduling.annotation.Async;
import org.springframework.stereotype.Service;

/**
 * The {@code @Async} side of seed 002 (shared by the WebFlux and the MVC targets): blocking work handed to an executor by Spring's async proxy, one method per
 * executor (the seed's ThreadPoolTaskExecutor, ForkJoinPool.commonPool, Spring's virtual-thread executor).
 */
@Service
public class AsyncStress {

    private final StressWork work;

    public AsyncStress(StressWork work) {
        this.work = work;
    }

    /** Endpoint 01: blocking on the {@code asyncPool} ThreadPoolTaskExecutor. */
    @Async("asyncPool")
    public CompletableFuture<StressWork.Result> blockingOnPool() {
        return CompletableFuture.completedFuture(work.blockingDate());
    }

    /** Endpoint 06: blocking on ForkJoinPool.commonPool. */
    @Async("commonPool")
    public CompletableFuture<StressWork.Result> blockingOnCommonPool() {
        return CompletableFuture.completedFuture(work.blockingDate());
    }

    /** Endpoint 01-vt: blocking on Spring's virtual-thread executor. */
    @Async("virtualAsync")
    public CompletableFuture<StressWork.Result> blockingOnVirtual() {
        return CompletableFuture.completedFuture(work.blockingDate());
    }
}
