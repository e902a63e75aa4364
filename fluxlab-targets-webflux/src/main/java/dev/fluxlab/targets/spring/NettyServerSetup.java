package dev.fluxlab.targets.spring;

import dev.fluxlab.targets.common.transport.EventLoops;
import dev.fluxlab.targets.reactor.http.ReactorProtocols;
import dev.fluxlab.targets.reactor.transport.IoHandlerLoopResources;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.ReactorResourceFactory;
import reactor.netty.http.server.HttpServer;

/**
 * The Reactor Netty server under {@code webflux-netty} (Boot's own {@code NettyReactiveWebServerFactory}): it gets the
 * lab's event loops ({@link EventLoops}: transport and worker count) through a {@link ReactorResourceFactory},
 * the protocol ({@code --protocol}: HTTP/1.1, h2c by prior knowledge, or both) and socket options through a
 * {@code NettyServerCustomizer} ({@link #configure}, applied by {@code NettyFactorySetup}, the one class whose source
 * differs per Boot line: the factory's package moved in Boot 4). Active when the launcher sets
 * {@code fluxlab.server=netty}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = SpringLaunch.SERVER_PROPERTY, havingValue = "netty")
public class NettyServerSetup {

    /**
     * The lab's settings on Boot's Reactor Netty server: the protocol ({@code --protocol}: HTTP/1.1, h2c by prior
     * knowledge, or both), socket options and the allocator, and the bound server handed to {@code bound}. Applied by
     * each Boot line's {@code NettyFactorySetup} as a server customizer: Boot sets its own protocol list
     * ({@code server.http2.enabled}) before it applies server customizers, so the protocol set here wins ({@code h2c}
     * alone means prior knowledge only, as the plain Reactor Netty target).
     */
    public static HttpServer configure(HttpServer server, WebfluxOptions o, BoundServer bound) {
        return o.socketOptions().applyTo(server.protocol(ReactorProtocols.of(o.protocol())).doOnBound(bound::set),
                HttpServer::option, HttpServer::childOption);
    }

    /**
     * Replaces Boot's resource factory: Boot calls {@code runOn(factory.getLoopResources())} after the server
     * customizers, so the lab's event loops must come from here (a customizer's {@code runOn} would be overridden).
     * Boot asks for them with Reactor Netty's default {@code preferNative=true}; the lab's resources answer with its
     * own groups whatever the flag, and Reactor Netty takes the channel class from the group, so
     * {@code --transport nio} or {@code epoll} really runs that transport under Spring too.
     */
    @Bean
    ReactorResourceFactory reactorResourceFactory(EventLoops loops) {
        ReactorResourceFactory f = new ReactorResourceFactory();
        f.setUseGlobalResources(false);
        f.setLoopResources(new IoHandlerLoopResources(loops, false));
        f.setShutdownQuietPeriod(Duration.ZERO);
        return f;
    }

    /** Shuts the lab's event loops down after Spring stopped the server. */
    @Bean
    DisposableBean transportLoopsShutdown(EventLoops loops) {
        return () -> loops.shutdown(Duration.ZERO, Duration.ofSeconds(5)).get(10, TimeUnit.SECONDS);
    }
}
