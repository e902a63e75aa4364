package dev.fluxlab.targets.spring;

import dev.fluxlab.targets.common.stress.StressWork;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.VirtualThreadTaskExecutor;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Where the work of {@link StressController} runs (the server underneath is set up by {@link NettyServerSetup} or
 * {@link UndertowServerSetup}):
 * <ul>
 *   <li>{@code asyncPool}: the seed's {@code @Async} ThreadPoolTaskExecutor (core, max, queue are knobs);</li>
 *   <li>{@code commonPool}: {@link ForkJoinPool#commonPool()} for {@code @Async} (endpoint 06);</li>
 *   <li>{@code virtualAsync}: Spring's {@link VirtualThreadTaskExecutor} for {@code @Async} on virtual threads;</li>
 *   <li>{@code virtualScheduler}: a Reactor {@link Scheduler} over virtual threads, one per task or seed 002's
 *       scheduled pool of {@code cores} virtual threads ({@code --virtual-scheduler}).</li>
 * </ul>
 */
@Configuration(proxyBeanMethods = false)
class ServerSetup {

    @Bean
    StressWork stressWork(WebfluxOptions o) {
        return new StressWork(o.sleep());
    }

    @Bean
    ThreadPoolTaskExecutor asyncPool(WebfluxOptions o) {
        ThreadPoolTaskExecutor e = new ThreadPoolTaskExecutor();
        e.setCorePoolSize(o.asyncCore());
        e.setMaxPoolSize(o.asyncMax());
        e.setQueueCapacity(o.asyncQueue());
        e.setThreadNamePrefix("fluxlab-async-");
        e.setWaitForTasksToCompleteOnShutdown(false);
        return e;
    }

    @Bean(destroyMethod = "")
    Executor commonPool() {
        return ForkJoinPool.commonPool();
    }

    @Bean
    VirtualThreadTaskExecutor virtualAsync() {
        return new VirtualThreadTaskExecutor("fluxlab-vt-async-");
    }

    @Bean(destroyMethod = "dispose")
    Scheduler virtualScheduler(WebfluxOptions o) {
        return Schedulers.fromExecutorService(o.virtualScheduler().executor("fluxlab-vt-scheduler-"),
                "fluxlab-virtual");
    }
}
