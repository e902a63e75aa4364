package dev.fluxlab.runner.host;

import dev.fluxlab.runner.agent.Agent;

import java.time.Duration;

/** TEST ONLY: {@code fluxlab agent} on this machine, as a host's session would run it (a round every 200 ms). */
public final class LocalAgentMain {

    public static void main(String[] args) throws Exception {
        System.exit(Agent.run(System.in, System.out, Duration.ofMillis(200)));
    }
}
