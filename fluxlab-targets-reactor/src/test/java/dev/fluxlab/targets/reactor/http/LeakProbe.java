package dev.fluxlab.targets.reactor.http;

import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.targets.common.fault.Stall;
import dev.fluxlab.targets.common.stress.StressConfig;
import dev.fluxlab.targets.common.stress.VirtualScheduler;
import dev.fluxlab.targets.reactor.fanout.FanOutServer;
import dev.fluxlab.targets.reactor.fanout.MockApiServer;
import dev.fluxlab.targets.reactor.fanout.Strategy;
import dev.fluxlab.targets.reactor.plain.ReactorNettyServer;
import dev.fluxlab.targets.reactor.plain.ReactorNettyServerConfig;
import io.netty.buffer.ByteBufAllocator;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The child JVM of {@link ResponseLeakTest}: every target whose response can be produced off the event loop (the mock
 * API's delay, the fan-out service's strategies, the stress endpoints, a stalled echo), in one process, so that the
 * test can run them under {@code -Dio.netty.leakDetection.level=paranoid}. Prints one line of ports, then obeys stdin:
 * {@code gc} collects and provokes the leak detector's report (it reports when a tracked buffer is next allocated),
 * answering {@code gc-done}; end of input stops everything.
 */
public final class LeakProbe {

    /** How long the mock API waits, and the stall's pause: short, so that closes often land right on the answer. */
    static final Duration DELAY = Duration.ofMillis(20);

    private LeakProbe() {
    }

    public static void main(String[] args) throws Exception {
        try (MockApiServer.Running mock = MockApiServer.start("127.0.0.1", 0, Transport.NIO, 2, DELAY);
             FanOutServer.Running fanOut = FanOutServer.start(new FanOutServer.Config("127.0.0.1", 0, Transport.NIO, 2,
                     URI.create("http://127.0.0.1:" + mock.port()), 3, Strategy.MONO, 10, 64, DELAY));
             ReactorNettyServer.Running stress = ReactorNettyServer.start(ReactorNettyServerConfig.builder()
                     .workers(2).transport(Transport.NIO)
                     .stress(new StressConfig(Duration.ofMillis(5), 4, 8, 1000, false, VirtualScheduler.PER_TASK)).build());
             ReactorNettyServer.Running stalled = ReactorNettyServer.start(ReactorNettyServerConfig.builder()
                     .workers(2).transport(Transport.NIO)
                     .stall(new Stall(DELAY, DELAY.multipliedBy(2))).build())) {
            System.out.println("mock=" + mock.port() + " fanout=" + fanOut.port() + " stress=" + stress.port()
                    + " stall=" + stalled.port());
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.equals("gc")) {
                    provokeReports();
                    System.out.println("gc-done");
                }
            }
        }
    }

    /** Collects the garbage, then allocates tracked buffers: the detector reports what it found on allocation. */
    private static void provokeReports() throws InterruptedException {
        for (int round = 0; round < 5; round++) {
            System.gc();
            Thread.sleep(100);
            for (int i = 0; i < 100; i++) {
                ByteBufAllocator.DEFAULT.directBuffer(16).release();
                ByteBufAllocator.DEFAULT.heapBuffer(16).release();
            }
        }
        System.err.flush();
    }
}
