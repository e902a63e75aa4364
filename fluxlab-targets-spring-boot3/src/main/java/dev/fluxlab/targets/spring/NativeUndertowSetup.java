package dev.fluxlab.targets.spring;

import io.undertow.UndertowOptions;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.web.embedded.undertow.UndertowReactiveWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.xnio.Options;

/**
 * Boot 3.5's own Undertow server for the WebFlux application: {@link UndertowReactiveWebServerFactory} serves the
 * application's {@code HttpHandler} through Spring's {@code UndertowHttpHandlerAdapter} (no Servlet API: the
 * adapter reads and writes Undertow's exchange channels itself, after dispatching the exchange to a worker). The knobs and the listener options are those the
 * Servlet-bridged {@code webflux-undertow} sets on its own builder (light-4j's sizes, direct buffers, HTTP/1.0
 * keep-alive answered, no request start time, HTTP/2 for h2c), so the two rows differ in the adapter only.
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
            f.addBuilderCustomizers(b -> b
                    .setSocketOption(Options.BACKLOG,
                            options.backlog() == null ? UndertowKnobs.DEFAULT_BACKLOG : options.backlog())
                    .setSocketOption(Options.TCP_NODELAY, options.tcpNoDelay())
                    .setServerOption(UndertowOptions.ALWAYS_SET_KEEP_ALIVE, true)
                    .setServerOption(UndertowOptions.RECORD_REQUEST_START_TIME, false)
                    .setServerOption(UndertowOptions.ENABLE_HTTP2, options.protocol().http2()));
        };
    }
}
