package dev.fluxlab.targets.spring;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.scheduling.annotation.EnableAsync;

/**
 * The one Spring WebFlux application behind both Spring targets: the contract routes ({@link ContractRoutes}, a
 * functional router), the {@code Server}/{@code Date} filter, seed 002's stress endpoints ({@link StressController})
 * and their executors ({@link ServerSetup}). Which server it runs on is chosen by the launcher through the
 * {@value SpringLaunch#SERVER_PROPERTY} property: {@code netty} ({@link WebfluxNettyApplication},
 * {@link NettyServerSetup}) or {@code undertow} ({@code boot4.WebfluxUndertowApplication}, {@code boot4.UndertowServerSetup}).
 * Everything else (Boot's WebFlux auto-configuration, codecs, handler mappings, error handling) is identical.
 */
@SpringBootApplication(proxyBeanMethods = false)
@EnableAsync
public class WebfluxApplication {
}
