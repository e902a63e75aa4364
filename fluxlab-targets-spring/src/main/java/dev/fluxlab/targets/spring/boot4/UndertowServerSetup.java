package dev.fluxlab.targets.spring.boot4;

import dev.fluxlab.targets.spring.SpringLaunch;
import dev.fluxlab.targets.spring.UndertowKnobs;
import dev.fluxlab.targets.spring.WebfluxOptions;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The Undertow server under {@code webflux-undertow}: a {@link UndertowReactiveWebServerFactory} bean. Boot's Reactor
 * Netty factory is {@code @ConditionalOnMissingBean(ReactiveWebServerFactory)}, so with this bean present Boot starts
 * no Netty server, and everything else of the application (WebFlux auto-configuration, the {@code HttpHandler} Boot
 * builds from the context with {@code WebHttpHandlerBuilder}, start/stop with the context) stays as on
 * {@code webflux-netty}. Active when the launcher sets {@code fluxlab.server=undertow}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = SpringLaunch.SERVER_PROPERTY, havingValue = "undertow")
class UndertowServerSetup {

    @Bean
    UndertowReactiveWebServerFactory undertowReactiveWebServerFactory(WebfluxOptions options, UndertowKnobs knobs) {
        return new UndertowReactiveWebServerFactory(options, knobs);
    }
}
