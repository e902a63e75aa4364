package dev.fluxlab.runner.process;

import java.util.Optional;

/**
 * What a {@link ChildProcess} running on another host adds to the local ssh client the runner holds: the host, the
 * process's own PID there (announced by the ssh wrapper), its latest readings from that host's agent, and the files
 * it wrote there (GC log, load document), brought back into the results folder once it has ended.
 */
public interface RemoteSide {

    /** The host as the suite names it. */
    String host();

    /** Sees every line the process printed (the wrapper's PID line among them). */
    void line(String line);

    /** The process's PID on its host; 0 until the wrapper announced it. */
    long pid();

    /** The latest reading of the process from its host's agent. */
    Optional<RemoteReading> reading();

    /** Whether a reading of the process ever carried JIT counters (a HotSpot JVM publishing them there). */
    default boolean jitSeen() {
        return false;
    }

    /** The latest whole-machine reading of the process's host, with the runner's nanoTime of its arrival. */
    Optional<MachineAt> machine();

    /** Asks the host's agent for a fresh round and waits for it (bounded), for a sample at a phase boundary. */
    void refresh();

    /** Copies a file of the results folder to the same place in the host's run folder (the injectors' start gate). */
    void send(java.nio.file.Path local);

    /**
     * Readies an empty file at the place of {@code local} (a file of the results folder) in the host's run folder, to
     * be created by {@link Armed#fire} with the least delay: a session already open there waits for one line. The
     * injectors' start gate, released on every host together.
     */
    Armed arm(java.nio.file.Path local);

    /** Copies the files the process wrote on its host to their places in the results folder (once it has ended). */
    void collect();

    /**
     * Why the process is no longer observed on its host, or empty while it is: its host's agent ended (the ssh session
     * dropped), so its CPU, samples and JIT are no longer read there.
     */
    default Optional<String> observationLost() {
        return Optional.empty();
    }

    /**
     * Why the process was not observed on its host at some time between the runner's {@code fromNanos} and
     * {@code toNanos} ({@link System#nanoTime()}): its agent has ended, or ended and was started again in that span.
     */
    default Optional<String> observationLost(long fromNanos, long toNanos) {
        return observationLost();
    }

    /**
     * A warning when the host's clock jumped between the runner's {@code fromNanos} and {@code toNanos}
     * ({@link System#nanoTime()}), or empty.
     */
    default Optional<String> clockJumped(long fromNanos, long toNanos) {
        return Optional.empty();
    }

    /** A file creation waiting on a host ({@link #arm}). */
    interface Armed {

        /** Creates the file now. */
        void fire();

        /** Whether the file was created within {@code max} after {@link #fire}; a session still open is ended. */
        boolean await(java.time.Duration max);

        /** Gives up without creating the file. */
        void cancel();
    }

    /** A whole-machine reading of a host at the runner's {@link System#nanoTime()} {@code nanos}. */
    record MachineAt(long nanos, ProcReader.MachineReading reading) {
    }
}
