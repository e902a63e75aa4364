package dev.fluxlab.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The fields of a Linux {@code /proc/<pid>/stat} (or {@code /proc/<pid>/task/<tid>/stat}) line that the lab reads:
 * the state, the process group, and the CPU times in clock ticks. One parser for every reader of such a line (the
 * runner's process readings and stops, the compiler threads' CPU), because the line has a trap: the command name
 * (field 2) is in parentheses and may itself hold spaces and parentheses, so the fields are counted only after the
 * LAST {@code ')'}.
 *
 * @param state  field 3: {@code R}, {@code S}, {@code D}, {@code Z} (zombie), {@code X} (dead), ...
 * @param pgrp   field 5: the process group
 * @param utime  field 14: user CPU, clock ticks
 * @param stime  field 15: system CPU, clock ticks
 * @param cutime field 16: user CPU of the children it waited for, clock ticks
 * @param cstime field 17: system CPU of the children it waited for, clock ticks
 */
public record ProcStat(char state, long pgrp, long utime, long stime, long cutime, long cstime) {

    /** Fields read after the name: state (3) to cstime (17). */
    private static final int FIELDS = 15;

    /** Whether the process has ended but is still listed: a zombie ({@code Z}) or dead ({@code X}). */
    public boolean ended() {
        return state == 'Z' || state == 'X';
    }

    /** {@code utime + stime}: the process's own CPU, clock ticks. */
    public long cpuTicks() {
        return utime + stime;
    }

    /** {@code cutime + cstime}: the CPU of the children it waited for, clock ticks. */
    public long childTicks() {
        return cutime + cstime;
    }

    /** The stat line of {@code pid}; empty when it is gone, unreadable, or there is no {@code /proc}. */
    public static Optional<ProcStat> of(long pid) {
        return read(Path.of("/proc", Long.toString(pid), "stat"));
    }

    /** The stat line in {@code file}; empty when it cannot be read or parsed. */
    public static Optional<ProcStat> read(Path file) {
        try {
            return parse(Files.readString(file));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** A stat line's fields; empty when it has no {@code ')'}, too few fields, or a field that is not a number. */
    public static Optional<ProcStat> parse(String line) {
        int close = line.lastIndexOf(')');
        if (close < 0 || close + 2 > line.length()) {
            return Optional.empty();
        }
        String[] f = line.substring(close + 2).trim().split("\\s+");
        if (f.length < FIELDS || f[0].length() != 1) {
            return Optional.empty();
        }
        try {
            return Optional.of(new ProcStat(f[0].charAt(0), Long.parseLong(f[2]), Long.parseLong(f[11]),
                    Long.parseLong(f[12]), Long.parseLong(f[13]), Long.parseLong(f[14])));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
