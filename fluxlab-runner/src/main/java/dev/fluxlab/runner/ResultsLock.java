package dev.fluxlab.runner;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

/**
 * The lock a run holds on its results folder ({@code .fluxlab.lock}, an OS file lock), so a second runner, e.g. a
 * {@code --resume} while the run still goes, cannot run the same cells into the same folder. The file says who holds
 * it (pid, host, start time); the lock ends with the process, even after {@code kill -9}.
 */
final class ResultsLock implements AutoCloseable {

    static final String FILE = ".fluxlab.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private ResultsLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Takes the lock of {@code dir} (created when missing), or says who holds it. */
    static ResultsLock acquire(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(FILE);
        FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = ch.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null; // held by this very JVM
        }
        if (lock == null) {
            ch.close();
            String holder = Files.readString(file, StandardCharsets.UTF_8).strip();
            throw new ResultsInUseException(dir + " is in use by " + (holder.isEmpty() ? "another fluxlab run" : holder)
                    + "; wait for it or stop it");
        }
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "this host";
        }
        try {
            ch.truncate(0);
            ch.write(ByteBuffer.wrap(("fluxlab pid " + ProcessHandle.current().pid() + " on " + host + " since "
                    + Instant.now() + "\n").getBytes(StandardCharsets.UTF_8)));
            ch.force(false);
        } catch (IOException e) {
            ch.close(); // a full disk: the lock is released with its channel, not held until the JVM ends
            throw e;
        }
        return new ResultsLock(ch, lock);
    }

    /** Releases the lock; a second call does nothing. */
    @Override
    public void close() throws IOException {
        if (!channel.isOpen()) {
            return;
        }
        try {
            lock.release();
        } finally {
            channel.close();
        }
    }

    /**
     * Removes {@code dir} when it holds nothing but a released lock file: the folder a run created and left before
     * starting anything (its hosts could not be prepared). A folder holding anything else is left as it is.
     */
    static void removeBare(Path dir) {
        try (var entries = Files.list(dir)) {
            if (entries.allMatch(p -> p.getFileName().toString().equals(FILE))) {
                Files.deleteIfExists(dir.resolve(FILE));
                Files.deleteIfExists(dir);
            }
        } catch (IOException e) {
            // the folder stays; the run's own error is the one to report
        }
    }
}
