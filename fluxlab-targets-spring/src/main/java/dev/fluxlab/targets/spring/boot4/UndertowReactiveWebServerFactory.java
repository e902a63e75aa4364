package dev.fluxlab.targets.spring.boot4;

import dev.fluxlab.targets.spring.UndertowKnobs;
import dev.fluxlab.targets.spring.WebfluxOptions;
import dev.fluxlab.targets.common.undertow.UndertowListener;
import io.undertow.Undertow;
import io.undertow.servlet.Servlets;
import io.undertow.servlet.api.DeploymentInfo;
import io.undertow.servlet.api.DeploymentManager;
import io.undertow.servlet.util.ImmediateInstanceFactory;
import jakarta.servlet.ServletException;
import java.net.InetSocketAddress;
import org.springframework.boot.web.server.PortInUseException;
import org.springframework.boot.web.server.WebServer;
import org.springframework.boot.web.server.WebServerException;
import org.springframework.boot.web.server.reactive.ReactiveWebServerFactory;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.http.server.reactive.ServletHttpHandlerAdapter;

/**
 * Serves a Spring reactive {@link HttpHandler} on Undertow, for Spring Boot 4.0, which has neither an Undertow
 * starter (it ended with a 4.0.0 milestone) nor, in Spring Framework 7, the {@code UndertowHttpHandlerAdapter} that
 * seed 004's "Reactor Undertow" used.
 *
 * <p>Why Spring's {@link ServletHttpHandlerAdapter} on undertow-servlet rather than an adapter of fluxlab's own from
 * Undertow's {@code HttpServerExchange}: the Servlet adapter is Spring's maintained bridge (non-blocking through
 * Servlet 3.1 async I/O, back-pressure and error handling included), while an own adapter would be several hundred
 * lines of request/response publishers whose bugs would show up as a framework's numbers. Undertow 2.3 implements
 * Servlet 6.0 and Spring 7's baseline is 6.1; the 6.1 API jar on the classpath gives the new methods defaults, and
 * the frameworks suite's load runs (pipelined HTTP/1.1 and h2c) count every exception in the log, so a mismatch would
 * show. The cost of this path, to read into the numbers: Undertow's Servlet container dispatches each request from
 * the IO thread to a worker thread ({@code --worker-threads}) before {@code service()}, where Spring's old Undertow
 * adapter ran the handler on the IO thread.
 *
 * <p>A client that closes an h2c connection with streams in flight (the end of every duration-bounded load run) is
 * a disconnected client, not a server error: {@link ClientGoneHandler} makes Spring see it as one, and Undertow's
 * {@code io.undertow.request.io} category (Undertow's logger for client I/O failures, which it logs at DEBUG
 * elsewhere but at ERROR when the Servlet output stream cannot close on a closed stream) is switched off by
 * {@link WebfluxUndertowApplication}. Every other exception is still logged and counted by the runner.
 *
 * <p>{@code --protocol h2c} and {@code http1.1+h2c} turn on Undertow's {@code ENABLE_HTTP2}, which on a cleartext
 * listener answers both prior-knowledge h2c and the HTTP/1.1 upgrade (as the plain {@code undertow} target).
 */
public final class UndertowReactiveWebServerFactory implements ReactiveWebServerFactory {

    private final WebfluxOptions options;
    private final UndertowKnobs knobs;

    public UndertowReactiveWebServerFactory(WebfluxOptions options, UndertowKnobs knobs) {
        this.options = options;
        this.knobs = knobs;
    }

    @Override
    public WebServer getWebServer(HttpHandler httpHandler) {
        return new UndertowWebServer(options, knobs, httpHandler);
    }

    /** One Undertow server with one Servlet deployment holding the adapter, mapped to {@code /}. */
    static final class UndertowWebServer implements WebServer {
        private final WebfluxOptions options;
        private final UndertowKnobs knobs;
        private final HttpHandler handler;
        private DeploymentManager deployment;
        private Undertow undertow;
        private volatile int port = -1;

        UndertowWebServer(WebfluxOptions options, UndertowKnobs knobs, HttpHandler handler) {
            this.options = options;
            this.knobs = knobs;
            this.handler = handler;
        }

        @Override
        public synchronized void start() {
            if (undertow != null) {
                return;
            }
            ServletHttpHandlerAdapter servlet = new ServletHttpHandlerAdapter(new ClientGoneHandler(handler));
            DeploymentInfo info = Servlets.deployment()
                    .setClassLoader(UndertowReactiveWebServerFactory.class.getClassLoader())
                    .setContextPath("/")
                    .setDeploymentName("fluxlab-webflux-undertow")
                    .addServlet(Servlets.servlet("webflux", ServletHttpHandlerAdapter.class,
                                    new ImmediateInstanceFactory<>(servlet))
                            .addMapping("/")
                            .setAsyncSupported(true)
                            .setLoadOnStartup(1));
            deployment = Servlets.newContainer().addDeployment(info);
            deployment.deploy();
            io.undertow.server.HttpHandler root;
            try {
                root = deployment.start();
            } catch (ServletException e) {
                throw new WebServerException("the Servlet deployment did not start", e);
            }
            Undertow u = UndertowListener.listener(options.host(), options.port(), knobs.ioThreads(),
                            knobs.workerThreads(), knobs.bufferSize(), options.backlog(), options.tcpNoDelay(),
                            options.protocol())
                    .setHandler(root)
                    .build();
            try {
                u.start();
            } catch (RuntimeException e) {
                try {
                    u.stop();
                } catch (RuntimeException ignored) {
                    // never started
                }
                stopDeployment();
                PortInUseException.throwIfPortBindingException(e, options::port);
                throw new WebServerException("Undertow did not start", e);
            }
            undertow = u;
            port = ((InetSocketAddress) u.getListenerInfo().get(0).getAddress()).getPort();
        }

        @Override
        public synchronized void stop() {
            if (undertow == null) {
                return;
            }
            try {
                undertow.stop();
            } finally {
                undertow = null;
                stopDeployment();
            }
        }

        private void stopDeployment() {
            if (deployment == null) {
                return;
            }
            try {
                deployment.stop();
            } catch (ServletException e) {
                throw new WebServerException("the Servlet deployment did not stop", e);
            } finally {
                deployment.undeploy();
                deployment = null;
            }
        }

        @Override
        public int getPort() {
            return port;
        }
    }
}
