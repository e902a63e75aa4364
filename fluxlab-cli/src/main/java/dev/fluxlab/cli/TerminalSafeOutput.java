package dev.fluxlab.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Standard output and error as every command writes them, with the characters a terminal would act on shown as
 * {@code ?}: escape sequences (ESC, the other C0 controls but tab, line feed and carriage return, DEL, C1 controls)
 * and the bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069). A suite's description, a scenario
 * name or a tampered results.json reaches the terminal through reports and errors; with an ESC in it, it could clear
 * the screen, retitle the window or hide text, and a right-to-left override reversed the lines after it. Works on the
 * UTF-8 bytes, so a sequence split across two writes is still caught.
 */
final class TerminalSafeOutput extends FilterOutputStream {

    private static final int SHOWN = '?';

    /** Bytes of a multi-byte sequence held back until it is known whether it is one of the characters above. */
    private final byte[] held = new byte[3];
    private int heldLength;

    TerminalSafeOutput(OutputStream out) {
        super(out);
    }

    @Override
    public synchronized void write(int b) throws IOException {
        b &= 0xff;
        if (heldLength > 0) {
            held[heldLength++] = (byte) b;
            decide();
            return;
        }
        if (b == 0xC2 || b == 0xE2) {
            held[heldLength++] = (byte) b;
            return;
        }
        out.write(control(b) ? SHOWN : b);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        boolean plain = heldLength == 0;
        for (int i = off; plain && i < off + len; i++) {
            int c = b[i] & 0xff;
            plain = !control(c) && c != 0xC2 && c != 0xE2;
        }
        if (plain) {
            out.write(b, off, len); // the common case: one write, untouched
            return;
        }
        for (int i = off; i < off + len; i++) {
            write(b[i]);
        }
    }

    @Override
    public synchronized void flush() throws IOException {
        if (heldLength > 0) { // a character cut by a flush (PrintStream writes whole strings): passed on as it is
            out.write(held, 0, heldLength);
            heldLength = 0;
        }
        out.flush();
    }

    private void decide() throws IOException {
        int lead = held[0] & 0xff;
        int second = held[1] & 0xff;
        boolean shown;
        if (lead == 0xC2) { // U+0080-U+009F: C1 controls
            shown = second >= 0x80 && second <= 0x9F;
        } else if (heldLength < 3 && (second == 0x80 || second == 0x81)) {
            return; // E2 80 / E2 81: the third byte decides
        } else {
            int third = heldLength == 3 ? held[2] & 0xff : -1;
            shown = (second == 0x80 && third >= 0xAA && third <= 0xAE)
                    || (second == 0x81 && third >= 0xA6 && third <= 0xA9);
        }
        if (shown) {
            out.write(SHOWN);
        } else {
            out.write(held, 0, heldLength);
        }
        heldLength = 0;
    }

    private static boolean control(int b) {
        return (b < 0x20 && b != '\t' && b != '\n' && b != '\r') || b == 0x7f;
    }
}
