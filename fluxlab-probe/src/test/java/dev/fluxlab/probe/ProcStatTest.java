package dev.fluxlab.probe;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A {@code /proc/<pid>/stat} line's fields, counted after the last parenthesis of the command name. */
class ProcStatTest {

    @Test
    void theFieldsAreCountedAfterTheLastParenthesisOfTheName() {
        ProcStat s = ProcStat.parse("42 (a (b) c) S 1 43 42 0 -1 4194560 1 2 3 4 10 20 7 5 20 0 1 0\n").orElseThrow();
        assertEquals(new ProcStat('S', 43, 10, 20, 7, 5), s);
        assertEquals(30, s.cpuTicks());
        assertEquals(12, s.childTicks());
        assertFalse(s.ended());
    }

    @Test
    void aZombieOrADeadProcessHasEnded() {
        assertTrue(ProcStat.parse("7 (sh) Z 1 7 7 0 -1 0 0 0 0 0 1 1 0 0 20 0 1 0").orElseThrow().ended());
        assertTrue(ProcStat.parse("7 (sh) X 1 7 7 0 -1 0 0 0 0 0 1 1 0 0 20 0 1 0").orElseThrow().ended());
    }

    @Test
    void aLineTooShortOrNotALineOfNumbersIsEmpty() {
        assertTrue(ProcStat.parse("5 (x) S 1").isEmpty());
        assertTrue(ProcStat.parse("garbage").isEmpty());
        assertTrue(ProcStat.parse("5 (x)").isEmpty());
        assertTrue(ProcStat.parse("5 (x) S 1 x 1 0 -1 0 0 0 0 0 1 1 0 0").isEmpty());
    }

    @Test
    void thisProcessIsReadAndAMissingOneIsEmpty(@TempDir Path tmp) throws IOException {
        long self = ProcessHandle.current().pid();
        ProcStat s = ProcStat.of(self).orElseThrow();
        assertFalse(s.ended(), "the process reading its own stat has not ended");
        assertTrue(s.pgrp() > 0 && s.cpuTicks() >= 0);
        assertTrue(ProcStat.of(Long.MAX_VALUE / 2).isEmpty());
        assertTrue(ProcStat.read(tmp.resolve("missing")).isEmpty());
        Path file = Files.writeString(tmp.resolve("stat"), "9 (java) S 1 9 9 0 -1 0 0 0 0 0 3 4 5 6 20 0 1 0");
        assertEquals(7, ProcStat.read(file).orElseThrow().cpuTicks());
    }
}
