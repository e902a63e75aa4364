package dev.fluxlab.targets.spring.stress;

import dev.fluxlab.targets.common.stress.StressConfig;
import dev.fluxlab.targets.common.stress.StressWork;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.VirtualThreadTaskExecutor;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;

/**
 * Where seed 002's {@code @Async} work runs ({@link AsyncStress}), the same on every Spring target (WebFlux or MVC,
 * Boot 4.0 or 3.5), sized from the {@link StressConfig} bean the launcher registers:
 * <ul>
 *   <li>{@code asyncPool}: the seed's {@code @Async} ThreadPoolTaskExecutor (core, max, queue are knobs);</li>
 *   <li>{@code commonPool}: {@link ForkJoinPool#commonPool()} for {@code @Async} (endpoint 06);</li>
 *   <li>{@code virtualAsync}: Spring's {@link VirtualThreadTaskExecutor} for {@code @Async} on virtual threads.</li>
 * </ul>
 */
@Configuration(proxyBeanMethods = false)
public class StressExecutors {

    @Bean
    StressWork stressWork(StressConfig c) {
        return new StressWork(c.sleep());
    }

    @Bean
    ThreadPoolTaskExecutor asyncPool(StressConfig c) {
        ThreadPoolTaskExecutor e = new ThreadPoolTaskExecutor();
        e.setCorePoolSize(c.asyncCore());
        e.setMaxPoolSize(c.asyncMax());
        e.setQueueCapacity(c.asyncQueue());
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
}
