package dev.fluxlab.targets.spring;

import dev.fluxlab.targets.spring.stress.StressExecutors;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Where the Reactor side of {@link StressController}'s work runs ({@link StressExecutors} has the {@code @Async}
 * executors; the server underneath is set up by {@link NettyServerSetup} or {@code boot4.UndertowServerSetup}):
 * {@code virtualScheduler}, a Reactor {@link Scheduler} over virtual threads, one per task or seed 002's scheduled
 * pool of {@code cores} virtual threads ({@code --virtual-scheduler}).
 */
@Configuration(proxyBeanMethods = false)
class ServerSetup {

    @Bean(destroyMethod = "dispose")
    Scheduler virtualScheduler(WebfluxOptions o) {
        return Schedulers.fromExecutorService(o.virtualScheduler().executor("fluxlab-vt-scheduler-"),
                "fluxlab-virtual");
    }
}
