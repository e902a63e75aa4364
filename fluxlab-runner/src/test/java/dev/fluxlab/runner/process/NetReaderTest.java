package dev.fluxlab.runner.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.model.run.ListenQueue;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The kernel's listen evidence: parsed from /proc text, and read for a real listening socket nobody accepts on. */
class NetReaderTest {

    @Test
    void countersComeFromTheTcpExtLinePair() {
        List<String> netstat = List.of(
                "TcpExt: SyncookiesSent ListenOverflows ListenDrops TCPHPHits",
                "TcpExt: 0 17 23 99",
                "IpExt: InNoRoutes",
                "IpExt: 0");
        assertEquals(Optional.of(new NetReader.ListenCounters(17, 23)), NetReader.parseCounters(netstat));
        assertEquals(Optional.empty(), NetReader.parseCounters(List.of("IpExt: InNoRoutes", "IpExt: 0")));
    }

    @Test
    void acceptQueueIsTheListeningSocketsRxQueue() {
        List<String> tcp = List.of(
                "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode",
                "   0: 0100007F:1F90 00000000:0000 0A 00000080:00000005 00:00000000 00000000  1000        0 1 1",
                "   1: 0100007F:1F90 0100007F:D2F0 01 00000000:00000000 00:00000000 00000000  1000        0 2 1");
        assertEquals(Optional.of(new NetReader.AcceptQueue(5)), NetReader.parseAcceptQueue(tcp, 8080));
        assertEquals(Optional.empty(), NetReader.parseAcceptQueue(tcp, 8081));
    }

    @Test
    void aListeningSocketNobodyAcceptsOnShowsItsQueueAndBacklog() throws Exception {
        assertTrue(NetReader.counters().isPresent(), "no TcpExt listen counters in /proc/net/netstat");
        try (ServerSocket server = new ServerSocket(0, 7, InetAddress.getLoopbackAddress())) {
            List<Socket> clients = new ArrayList<>();
            try {
                for (int i = 0; i < 3; i++) {
                    Socket s = new Socket();
                    s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()), 2000);
                    clients.add(s);
                }
                NetReader.AcceptQueue q = NetReader.acceptQueue(server.getLocalPort()).orElseThrow();
                assertEquals(3, q.queued(), q.toString());
                // the whole value, as a line reader sees it (a byte-wise read of a sysctl file stops after one byte)
                assertEquals(Long.parseLong(Files.readAllLines(Path.of("/proc/sys/net/core/somaxconn")).get(0).trim()),
                        NetReader.somaxconn().orElseThrow());
            } finally {
                for (Socket s : clients) {
                    s.close();
                }
            }
        }
    }

    @Test
    void theWindowTakesTheCounterIncreaseAndTheLargestQueue() {
        List<Sampler.NetSample> net = List.of(
                new Sampler.NetSample(0.5, new NetReader.ListenCounters(10, 12), null),
                new Sampler.NetSample(1.0, new NetReader.ListenCounters(10, 12), new NetReader.AcceptQueue(0)),
                new Sampler.NetSample(2.0, new NetReader.ListenCounters(40, 45), new NetReader.AcceptQueue(128)),
                new Sampler.NetSample(3.0, new NetReader.ListenCounters(41, 46), new NetReader.AcceptQueue(3)),
                new Sampler.NetSample(9.0, new NetReader.ListenCounters(99, 99), new NetReader.AcceptQueue(0)));
        ListenQueue q = Sampler.listenQueue(net, 8080, 1.0, 3.0).orElseThrow();
        assertEquals(new ListenQueue(8080, 31, 34, "network-namespace", 128L, NetReader.somaxconn().orElse(null), 3), q);
        assertEquals(Optional.empty(), Sampler.listenQueue(net, null, 1.0, 3.0));
        assertEquals(Optional.empty(), Sampler.listenQueue(net, 8080, 1.0, 12.0));
    }
}
