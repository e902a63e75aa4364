package dev.fluxlab.runner.process;

import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A child JVM of known CPU use, for {@link CpuOfAChildTest}: prints {@code ready}, then on each {@code burn MS} line
 * burns MS ms of CPU on each of two threads, one in user mode (arithmetic) and one mostly in the kernel (reading
 * {@code /dev/zero}), each timed by its own thread CPU clock, and prints {@code burned NANOS}, the two threads' CPU
 * time added up. Between commands it only waits on its standard input.
 */
public final class CpuBurnChild {

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        System.out.println("ready");
        System.out.flush();
        for (String line; (line = in.readLine()) != null; ) {
            if (line.startsWith("burn ")) {
                long nanos = Long.parseLong(line.substring(5).trim()) * 1_000_000L;
                AtomicLong used = new AtomicLong();
                Thread user = Thread.ofPlatform().start(() -> used.addAndGet(spin(nanos)));
                Thread kernel = Thread.ofPlatform().start(() -> used.addAndGet(readZeros(nanos)));
                user.join();
                kernel.join();
                System.out.println("burned " + used.get());
                System.out.flush();
            }
        }
    }

    /** Arithmetic until this thread has used {@code nanos} of CPU; returns the CPU it used. */
    private static long spin(long nanos) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long start = mx.getCurrentThreadCpuTime();
        double x = 0;
        while (mx.getCurrentThreadCpuTime() - start < nanos) {
            for (int i = 0; i < 10_000; i++) {
                x += Math.sqrt(x + i);
            }
        }
        return mx.getCurrentThreadCpuTime() - start + (x < 0 ? 1 : 0);
    }

    /** Reads {@code /dev/zero} (the kernel zero-fills every buffer) until this thread used {@code nanos} of CPU. */
    private static long readZeros(long nanos) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long start = mx.getCurrentThreadCpuTime();
        byte[] buf = new byte[1 << 16];
        try (FileInputStream zero = new FileInputStream("/dev/zero")) {
            while (mx.getCurrentThreadCpuTime() - start < nanos) {
                zero.read(buf);
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return mx.getCurrentThreadCpuTime() - start;
    }
}
