package dev.fluxlab.targets.spring;

import dev.fluxlab.targets.common.http.ServerProtocol;
import java.time.Duration;
import reactor.core.publisher.Mono;
import reactor.netty.http.HttpProtocol;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;
import reactor.netty.resources.LoopResources;

/**
 * The Boot 4.0 WebFlux targets' priming request, from Reactor Netty's HttpClient (it speaks h2c by prior knowledge,
 * which the JDK's client cannot).
 */
public final class ReactorNettyPrime {

    private ReactorNettyPrime() {
    }

    /**
     * One request through the whole stack before the readiness line: Spring initializes parts of its request path on
     * the first request (handler mappings, codecs, the async proxies), which on a busy 2-core machine took seconds
     * and would otherwise land in the injector's first measured seconds. It speaks the protocol the target serves
     * (h2c by prior knowledge too), from a one-thread client that is disposed right after. The JIT warm-up is still
     * the injector's warm-up phase. {@code --prime=false} skips it, so a cold-start race in the first requests
     * (seed 004) meets the load instead.
     */
    public static void prime(String name, WebfluxOptions options, int port) {
        if (options.prime()) {
            prime(name, options.host(), port, options.protocol());
        }
    }

    private static void prime(String name, String host, int port, ServerProtocol protocol) {
        LoopResources loop = LoopResources.create("fluxlab-prime", 1, true);
        ConnectionProvider provider = ConnectionProvider.newConnection();
        try {
            HttpClient client = HttpClient.create(provider).runOn(loop)
                    .protocol(protocol == ServerProtocol.H2C ? HttpProtocol.H2C : HttpProtocol.HTTP11)
                    .responseTimeout(Duration.ofSeconds(30));
            String h = host.contains(":") ? "[" + host + "]" : host;
            Integer status = client.get().uri("http://" + h + ":" + port + "/stress-benchmark-04")
                    .responseSingle((r, body) -> body.then(Mono.just(r.status().code())))
                    .block(Duration.ofSeconds(30));
            if (status == null || status != 200) {
                System.err.println(name + ": warning: the priming request answered " + status);
            }
        } catch (RuntimeException e) {
            System.err.println(name + ": warning: the priming request failed: " + e);
        } finally {
            provider.disposeLater().block(Duration.ofSeconds(5));
            loop.disposeLater(Duration.ZERO, Duration.ofSeconds(5)).block(Duration.ofSeconds(10));
        }
    }

}
