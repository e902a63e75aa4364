package dev.fluxlab.targets.spring.boot3.undertow;

import dev.fluxlab.targets.spring.SpringLaunch;
import dev.fluxlab.targets.spring.UndertowKnobs;
import dev.fluxlab.targets.spring.WebfluxOptions;
import dev.fluxlab.targets.common.undertow.UndertowListener;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.web.embedded.undertow.UndertowReactiveWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Boot 3.5's own Undertow server for the WebFlux application: {@link UndertowReactiveWebServerFactory} serves the
 * application's {@code HttpHandler} through Spring's {@code UndertowHttpHandlerAdapter} (no Servlet API: the
 * adapter reads and writes Undertow's exchange channels itself, after dispatching the exchange to a worker). The knobs
 * are those the Servlet-bridged {@code webflux-undertow} sets on its own builder (light-4j's sizes, direct buffers),
 * here through Boot's factory, and the listener options are every Undertow target's ({@link UndertowListener}, through
 * a builder customizer, which Boot applies after its own settings), so the two rows differ in the adapter only.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = SpringLaunch.SERVER_PROPERTY, havingValue = WebfluxUndertowNativeApplication.SERVER_VALUE)
class NativeUndertowSetup {

    @Bean
    WebServerFactoryCustomizer<UndertowReactiveWebServerFactory> labUndertow(WebfluxOptions options,
                                                                              UndertowKnobs knobs) {
        return f -> {
            f.setIoThreads(knobs.ioThreads());
            f.setWorkerThreads(knobs.workerThreads());
            f.setBufferSize(knobs.bufferSize());
            f.setUseDirectBuffers(true);
            f.addBuilderCustomizers(b -> UndertowListener.options(b, options.backlog(), options.tcpNoDelay(),
                    options.protocol()));
        };
    }
}
