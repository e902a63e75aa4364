package dev.fluxlab.runner.agent;

import dev.fluxlab.runner.process.RemoteReading;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AgentTest {

    /** The agent's output read back as the runner reads it: this JVM watched, the machine, the agent's own CPU. */
    @Test
    void roundsCarryTheWatchedProcessTheMachineAndTheAgentsOwnCpuAndEndWithItsInput() throws Exception {
        PipedOutputStream commands = new PipedOutputStream();
        PipedInputStream in = new PipedInputStream(commands);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        CompletableFuture<Integer> agent = CompletableFuture.supplyAsync(() -> {
            try {
                return Agent.run(in, out, Duration.ofSeconds(60));
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        long self = ProcessHandle.current().pid();
        commands.write(("watch " + self + "\nsample\n").getBytes(StandardCharsets.UTF_8));
        commands.flush();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!bytes.toString(StandardCharsets.UTF_8).contains("e 2") && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        commands.close();
        assertEquals(0, agent.get(20, TimeUnit.SECONDS), "the agent ends with its input");

        List<AgentLines.Round> rounds = new ArrayList<>();
        AgentLines.Reader reader = new AgentLines.Reader();
        for (String line : bytes.toString(StandardCharsets.UTF_8).split("\n")) {
            reader.accept(line, System.nanoTime()).ifPresent(rounds::add);
        }
        assertTrue(bytes.toString(StandardCharsets.UTF_8).startsWith(AgentLines.HELLO + " pid="));
        AgentLines.Round second = rounds.get(1);
        assertEquals(2, second.seq());
        RemoteReading me = second.processes().get(self);
        assertNotNull(me, "the watched process is in the round requested with 'sample'");
        assertTrue(me.cpuS() > 0 && me.rssMb() > 1 && me.threads() > 1, me.toString());
        assertNotNull(me.compileMs(), "a JVM's JIT counters come with it");
        assertTrue(me.compiles() > 0 && me.bailouts() != null && me.invalidations() != null, me.toString());
        assertTrue(second.machine().busyS() > 0 && second.machine().idleS() >= 0);
        assertNotNull(second.agentCpuS());
        long wall = java.time.temporal.ChronoUnit.MICROS.between(java.time.Instant.EPOCH, java.time.Instant.now());
        assertTrue(second.remoteMicros() != null && Math.abs(second.remoteMicros() - wall) < 60_000_000L,
                "each round carries the host's wall clock, so the runner can follow it: " + second.remoteMicros());
    }

    /** An end line from an agent without its clock (older) still ends the round; the clock is then unknown. */
    @Test
    void theEndLineCarriesTheHostsClockWhenItHasOne() {
        AgentLines.Reader r = new AgentLines.Reader();
        assertEquals(1_700_000_000_123_456L, r.accept("e 1 1700000000123456", 3).orElseThrow().remoteMicros());
        assertEquals(null, r.accept("e 2", 4).orElseThrow().remoteMicros());
    }

    /** A clock probe's answer is its own line, outside the rounds: a round read around it is whole. */
    @Test
    void aClockAnswerIsReadApartFromTheRounds() {
        assertEquals(java.util.Optional.of(new AgentLines.ClockReply(7, 1_700_000_000_123_456L)),
                AgentLines.clockReply(AgentLines.clock(7, 1_700_000_000_123_456L)));
        assertEquals(Optional.empty(), AgentLines.clockReply("c 7"));
        assertEquals(Optional.empty(), AgentLines.clockReply("c x 12"));
        assertEquals(Optional.empty(), AgentLines.clockReply("e 1 1700000000123456"));
        AgentLines.Reader r = new AgentLines.Reader();
        r.accept("a 1 0.250", 1);
        assertEquals(Optional.empty(), r.accept(AgentLines.clock(3, 5), 2));
        assertEquals(0.25, r.accept("e 1 5", 3).orElseThrow().agentCpuS(), "the round around it is whole");
    }

    @Test
    void aGarbledLineIsSkipped() {
        AgentLines.Reader r = new AgentLines.Reader();
        assertEquals(Optional.empty(), r.accept("p 1 notapid x", 1));
        assertEquals(Optional.empty(), r.accept("OpenJDK warning: something", 2));
        AgentLines.Round round = r.accept("e 1", 3).orElseThrow();
        assertTrue(round.processes().isEmpty());
    }
}
