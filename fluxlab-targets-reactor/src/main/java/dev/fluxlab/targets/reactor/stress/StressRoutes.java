package dev.fluxlab.targets.reactor.stress;

import dev.fluxlab.targets.common.stress.StressConfig;
import dev.fluxlab.targets.common.stress.StressWork;
import dev.fluxlab.targets.reactor.http.EventLoopSend;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.AsciiString;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * Seed 002's stress endpoints without Spring, so the lab can show what the framework costs. Same paths and the same
 * work ({@link StressWork}) as the {@code webflux-netty} target, with the plain equivalents of each placement:
 * <ul>
 *   <li>01: {@code CompletableFuture.supplyAsync} on a ThreadPoolExecutor (core / max / queue as Spring's
 *       ThreadPoolTaskExecutor), blocking;</li>
 *   <li>02 / 03: {@code Mono.fromCallable} (blocking / not) subscribed on {@code Schedulers.boundedElastic()};</li>
 *   <li>04: non-blocking on the event loop; 05: blocking on the event loop;</li>
 *   <li>06: {@code supplyAsync} on ForkJoinPool.commonPool, blocking;</li>
 *   <li>01-vt: {@code supplyAsync} on a virtual-thread-per-task executor; 02-vt / 03-vt: as 02 / 03 on a Reactor
 *       scheduler over virtual threads ({@link dev.fluxlab.targets.common.stress.VirtualScheduler}: one per task,
 *       or seed 002's scheduled pool of {@code cores} virtual threads).</li>
 * </ul>
 * {@link #close()} stops the executors it made.
 */
public final class StressRoutes implements AutoCloseable {

    /** The path prefix every stress endpoint shares. */
    public static final String PREFIX = "/stress-benchmark-";

    private static final AsciiString TEXT_PLAIN = AsciiString.cached("text/plain");
    private static final AsciiString THREAD = AsciiString.cached(StressWork.THREAD_HEADER);

    private final StressConfig config;
    private final StressWork work;
    private final ThreadPoolExecutor pool;
    private final ExecutorService virtualAsync;
    private final Scheduler virtualScheduler;

    public StressRoutes(StressConfig config) {
        this.config = config;
        this.work = new StressWork(config.sleep());
        BlockingQueue<Runnable> queue = config.asyncQueue() == 0 ? new SynchronousQueue<>()
                : new ArrayBlockingQueue<>(config.asyncQueue());
        AtomicInteger n = new AtomicInteger();
        this.pool = new ThreadPoolExecutor(config.asyncCore(), config.asyncMax(), 60, TimeUnit.SECONDS, queue, r -> {
            Thread t = new Thread(r, "fluxlab-async-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        this.virtualAsync = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("fluxlab-vt-async-", 0)
                .factory());
        this.virtualScheduler = Schedulers.fromExecutorService(
                config.virtualScheduler().executor("fluxlab-vt-scheduler-"), "fluxlab-virtual");
    }

    /** Whether {@code path} is one of these endpoints. */
    public static boolean handles(String path) {
        return path.startsWith(PREFIX);
    }

    /** The response for {@code path}, or empty for an unknown stress path (the caller answers 404). */
    public Mono<Void> route(String path, HttpServerRequest request, HttpServerResponse response) {
        Mono<StressWork.Result> result = switch (path.substring(PREFIX.length())) {
            case "01" -> future(() -> CompletableFuture.supplyAsync(work::blockingDate, pool));
            case "02" -> Mono.fromCallable(work::blockingDate).subscribeOn(Schedulers.boundedElastic());
            case "03" -> Mono.fromCallable(work::date).subscribeOn(Schedulers.boundedElastic());
            case "04" -> Mono.fromSupplier(work::date);
            case "05" -> Mono.fromSupplier(work::blockingDate);
            case "06" -> future(() -> CompletableFuture.supplyAsync(work::blockingDate, ForkJoinPool.commonPool()));
            case "01-vt" -> future(() -> CompletableFuture.supplyAsync(work::blockingDate, virtualAsync));
            case "02-vt" -> Mono.fromCallable(work::blockingDate).subscribeOn(virtualScheduler);
            case "03-vt" -> Mono.fromCallable(work::date).subscribeOn(virtualScheduler);
            default -> null;
        };
        if (result == null) {
            return null;
        }
        // the result arrives on a pool thread: the answer is sent from the channel's event loop
        return EventLoopSend.onEventLoop(response, request.receive().then(result), r -> send(response, r));
    }

    private static Mono<StressWork.Result> future(Supplier<CompletableFuture<StressWork.Result>> f) {
        return Mono.fromFuture(f);
    }

    /** Runs on the event loop, channel active; Reactor Netty allocates the body only once it writes it. */
    private Publisher<Void> send(HttpServerResponse response, StressWork.Result r) {
        response.status(HttpResponseStatus.OK);
        response.responseHeaders()
                .set(HttpHeaderNames.CONTENT_TYPE, TEXT_PLAIN)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, r.body().length()); // ASCII: one byte per char
        if (config.threadHeader()) {
            response.responseHeaders().set(THREAD, r.threadHeader());
        }
        return response.sendString(Mono.just(r.body()), StandardCharsets.US_ASCII);
    }

    /**
     * What explains the blocking endpoints' throughput, for the readiness line: the sleep, boundedElastic's cap and
     * thread kind, the pool, commonPool's parallelism, and where non-reactive handlers run (the event loop here).
     */
    public Map<String, Object> readinessAttributes() {
        return config.readinessAttributes("event-loop", Schedulers.DEFAULT_BOUNDED_ELASTIC_SIZE);
    }

    @Override
    public void close() {
        pool.shutdownNow();
        virtualAsync.shutdownNow();
        virtualScheduler.dispose();
    }
}
