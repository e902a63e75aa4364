package dev.fluxlab.probe;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a running HotSpot JVM's performance counters from its {@code hsperfdata} file, the memory-mapped file every
 * HotSpot JVM publishes by default and {@code jstat} reads, WITHOUT attaching to it: no agent, no safepoint, no
 * thread in the watched JVM. The file is {@code /tmp/hsperfdata_<user>/<pid>} (HotSpot uses {@code /tmp} on Linux
 * whatever {@code TMPDIR} says).
 *
 * <p>Layout (HotSpot's {@code perfMemory.hpp}): a prologue of magic {@code 0xcafec0c0} (always big-endian), the byte
 * order of everything else (0 big, 1 little), major and minor version, an "accessible" flag (0 while the JVM is still
 * setting the file up), used and overflow sizes, a modification time stamp, then the offset and count of the entries.
 * Each entry: its length, the offset of its NUL-terminated name, a vector length (0 for a scalar), a type byte
 * ({@code J} for a 64-bit long), flags, units, variability and the offset of its data; all offsets are relative to the
 * entry's start.
 *
 * <p>A JVM started with {@code -XX:-UsePerfData}, one owned by another user, one that is gone, or a file that does not
 * parse, all read as {@link Optional#empty()}: watching is evidence when it is there, never a reason to fail.
 */
public final class HotSpotCounters {

    static final int MAGIC = 0xcafec0c0;
    private static final int PROLOGUE_SIZE = 32;

    private HotSpotCounters() {
    }

    /**
     * The JIT counters of JVM {@code pid}, with its compiler threads' CPU ({@link CompilerThreads}) when readable, or
     * empty when the counters cannot be read.
     */
    public static Optional<JitSnapshot> jit(long pid) {
        long now = System.nanoTime();
        return file(pid).flatMap(HotSpotCounters::longs).flatMap(c -> jit(pid, now, c))
                .map(s -> s.withCompilerCpuMs(CompilerThreads.cpuMs(pid).orElse(Double.NaN)));
    }

    /** The JIT counters of this JVM. */
    public static Optional<JitSnapshot> self() {
        return jit(ProcessHandle.current().pid());
    }

    static Optional<JitSnapshot> jit(long pid, long nanoTime, Map<String, Long> c) {
        Long time = c.get("java.ci.totalTime");
        Long freq = c.get("sun.os.hrt.frequency");
        Long compiles = c.get("sun.ci.totalCompiles");
        if (compiles == null) {
            Long standard = c.get("sun.ci.standardCompiles");
            Long osr = c.get("sun.ci.osrCompiles");
            compiles = standard == null || osr == null ? null : standard + osr;
        }
        if (time == null || freq == null || freq <= 0 || compiles == null) {
            return Optional.empty();
        }
        return Optional.of(new JitSnapshot(pid, nanoTime, compiles, time * 1000.0 / freq,
                c.getOrDefault("sun.ci.totalBailouts", 0L), c.getOrDefault("sun.ci.totalInvalidates", 0L)));
    }

    /** Whether {@code pid} is a HotSpot JVM publishing its performance counters (its hsperfdata file is readable). */
    public static boolean publishes(long pid) {
        return file(pid).isPresent();
    }

    /** The hsperfdata file of {@code pid}, when one exists and is readable. */
    static Optional<Path> file(long pid) {
        Path proc = Path.of("/proc", Long.toString(pid));
        String user = System.getProperty("user.name");
        try {
            if (Files.exists(proc)) {
                user = Files.getOwner(proc).getName();
            }
        } catch (IOException | UnsupportedOperationException e) {
            // keep this JVM's user
        }
        Path f = Path.of("/tmp", "hsperfdata_" + user, Long.toString(pid));
        return Files.isReadable(f) ? Optional.of(f) : Optional.empty();
    }

    /** Every scalar long counter in {@code file} by name, or empty when the file cannot be read or parsed. */
    public static Optional<Map<String, Long>> longs(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
        return parse(bytes);
    }

    /** Parses a PerfData image; empty when it is not one, or not yet accessible. */
    static Optional<Map<String, Long>> parse(byte[] bytes) {
        if (bytes.length < PROLOGUE_SIZE) {
            return Optional.empty();
        }
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.BIG_ENDIAN);
        if (b.getInt(0) != MAGIC) {
            return Optional.empty();
        }
        b.order(bytes[4] == 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        if (bytes[7] == 0) {
            return Optional.empty();
        }
        int offset = b.getInt(24);
        int entries = b.getInt(28);
        Map<String, Long> out = new HashMap<>();
        for (int i = 0; i < entries; i++) {
            if (offset < PROLOGUE_SIZE || offset + 20 > bytes.length) {
                break;
            }
            int length = b.getInt(offset);
            int nameOffset = b.getInt(offset + 4);
            int vectorLength = b.getInt(offset + 8);
            byte type = bytes[offset + 12];
            int dataOffset = b.getInt(offset + 16);
            if (length <= 0 || offset + length > bytes.length) {
                break;
            }
            if (type == 'J' && vectorLength == 0 && dataOffset + 8 <= length && nameOffset < dataOffset) {
                out.put(name(bytes, offset + nameOffset, offset + dataOffset), b.getLong(offset + dataOffset));
            }
            offset += length;
        }
        return out.isEmpty() ? Optional.empty() : Optional.of(out);
    }

    private static String name(byte[] bytes, int from, int limit) {
        int end = from;
        while (end < limit && bytes[end] != 0) {
            end++;
        }
        return new String(bytes, from, end - from, StandardCharsets.US_ASCII);
    }
}
