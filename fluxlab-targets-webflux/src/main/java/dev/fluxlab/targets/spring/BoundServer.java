package dev.fluxlab.targets.spring;

import reactor.netty.DisposableServer;

/**
 * The Reactor Netty server Spring Boot binds, captured from {@code HttpServer.doOnBound}: Boot hides it inside its
 * {@code NettyWebServer}, and the readiness line needs its channel to report the transport really in use.
 */
public final class BoundServer {

    private volatile DisposableServer server;

    void set(DisposableServer server) {
        this.server = server;
    }

    /** The bound server, {@code null} before binding. */
    public DisposableServer server() {
        return server;
    }
}
