package dev.fluxlab.targets.spring;

import dev.fluxlab.targets.reactor.stress.StressWork;
import dev.fluxlab.targets.reactor.transport.TransportLoops;
import io.netty.channel.ChannelOption;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Executor;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.reactor.netty.NettyReactiveWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.VirtualThreadTaskExecutor;
import org.springframework.http.client.ReactorResourceFactory;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Where the work of {@link StressController} runs, and the server it runs behind:
 * <ul>
 *   <li>the Reactor Netty server Spring builds gets the lab's event loops ({@link TransportLoops}: transport and
 *       worker count) through a {@link ReactorResourceFactory}, and socket options through a
 *       {@code NettyServerCustomizer};</li>
 *   <li>{@code asyncPool}: the seed's {@code @Async} ThreadPoolTaskExecutor (core, max, queue are knobs);</li>
 *   <li>{@code commonPool}: {@link ForkJoinPool#commonPool()} for {@code @Async} (endpoint 06);</li>
 *   <li>{@code virtualAsync}: Spring's {@link VirtualThreadTaskExecutor} for {@code @Async} on virtual threads;</li>
 *   <li>{@code virtualScheduler}: a Reactor {@link Scheduler} over a virtual-thread-per-task executor.</li>
 * </ul>
 */
@Configuration(proxyBeanMethods = false)
class ServerSetup {

    @Bean
    WebServerFactoryCustomizer<NettyReactiveWebServerFactory> fluxlabNettyCustomizer(WebfluxOptions o,
                                                                                   TransportLoops loops,
                                                                                   BoundServer bound) {
        return factory -> factory.addServerCustomizers(server -> {
            var s = server.childOption(ChannelOption.TCP_NODELAY, o.tcpNoDelay())
                    .doOnBound(bound::set);
            if (o.backlog() != null) {
                s = s.option(ChannelOption.SO_BACKLOG, o.backlog());
            }
            if (o.rcvbuf() != null) {
                s = s.option(ChannelOption.SO_RCVBUF, o.rcvbuf()).childOption(ChannelOption.SO_RCVBUF, o.rcvbuf());
            }
            if (o.sndbuf() != null) {
                s = s.childOption(ChannelOption.SO_SNDBUF, o.sndbuf());
            }
            if (o.tcpFastOpen() != null) {
                s = s.option(ChannelOption.TCP_FASTOPEN, o.tcpFastOpen());
            }
            return s;
        });
    }

    /**
     * Replaces Boot's resource factory: Boot calls {@code runOn(factory.getLoopResources())} after the server
     * customizers, so the lab's event loops must come from here (a customizer's {@code runOn} would be overridden).
     */
    @Bean
    ReactorResourceFactory reactorResourceFactory(TransportLoops loops) {
        ReactorResourceFactory f = new ReactorResourceFactory();
        f.setUseGlobalResources(false);
        f.setLoopResources(new FixedTransportLoops(loops));
        f.setShutdownQuietPeriod(Duration.ZERO);
        return f;
    }

    /** Shuts the lab's event loops down after Spring stopped the server. */
    @Bean
    DisposableBean transportLoopsShutdown(TransportLoops loops) {
        return () -> loops.loops().disposeLater(Duration.ZERO, Duration.ofSeconds(5)).block(Duration.ofSeconds(10));
    }

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
    Scheduler virtualScheduler() {
        ExecutorService vt = Executors.newThreadPerTaskExecutor(
                Thread.ofVirtual().name("fluxlab-vt-scheduler-", 0).factory());
        return Schedulers.fromExecutorService(vt, "fluxlab-virtual");
    }
}
