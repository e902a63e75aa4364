package dev.fluxlab.targets.spring.boot3.netty;

import dev.fluxlab.targets.spring.BoundServer;
import dev.fluxlab.targets.spring.NettyServerSetup;
import dev.fluxlab.targets.spring.SpringLaunch;
import dev.fluxlab.targets.spring.WebfluxOptions;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.web.embedded.netty.NettyReactiveWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Hands {@link NettyServerSetup#configure} to Boot's {@link NettyReactiveWebServerFactory} as a server customizer:
 * the one class of {@code webflux-netty} whose source differs per Boot line, since the factory's package does. This is
 * Boot 3.5's (package {@code org.springframework.boot.web.embedded.netty}); fluxlab-targets-spring has Boot 4.0's
 * ({@code org.springframework.boot.reactor.netty}), so no one compiled class links against both. The application
 * (fluxlab-targets-webflux, compiled once) never names it: Spring's component scan of the application's package and its
 * subpackages finds the one on the classpath.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = SpringLaunch.SERVER_PROPERTY, havingValue = "netty")
class NettyFactorySetup {

    @Bean
    WebServerFactoryCustomizer<NettyReactiveWebServerFactory> fluxlabNettyCustomizer(WebfluxOptions o,
                                                                                   BoundServer bound) {
        return factory -> factory.addServerCustomizers(server -> NettyServerSetup.configure(server, o, bound));
    }
}
