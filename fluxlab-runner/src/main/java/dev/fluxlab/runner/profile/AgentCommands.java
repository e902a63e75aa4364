package dev.fluxlab.runner.profile;

import com.sun.tools.attach.VirtualMachine;

import java.nio.file.Path;

/**
 * Sends async-profiler commands ({@code start,event=ctimer,...}, {@code stop}, {@code flamegraph,file=...}) to a JVM
 * that loaded the library at start-up (idle until told), through the JDK's attach API from the runner's own JVM: a
 * few milliseconds per command and no process of its own, where {@code jcmd} or {@code asprof} would start one at
 * the very moment the measured window opens.
 */
final class AgentCommands {

    private AgentCommands() {
    }

    /**
     * Runs {@code command} in the JVM {@code pid}; throws with the reason when it cannot be attached or the profiler
     * refused the command (e.g. an event this kernel does not allow).
     */
    static void send(long pid, Path library, String command) throws Exception {
        VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
        try {
            vm.loadAgentPath(library.toString(), command);
        } finally {
            vm.detach();
        }
    }
}
