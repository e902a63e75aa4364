package dev.fluxlab.probe;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.stream.IntStream;

/** A child JVM for the tests: prints "ready", then on each "work" line runs fresh code paths and prints "done". */
public final class BusyChild {

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        System.out.println("ready");
        System.out.flush();
        long sink = 0;
        for (String line; (line = in.readLine()) != null; ) {
            if (line.equals("work")) {
                ReferenceWorkload w = new ReferenceWorkload();
                for (int i = 0; i < 20; i++) {
                    sink += w.run();
                    sink += IntStream.range(0, 50_000).mapToObj(Integer::toString).mapToInt(String::hashCode).sum();
                    sink += String.format("%d-%s", i, Long.toHexString(sink)).length();
                }
                System.out.println("done " + (sink & 1));
                System.out.flush();
            }
        }
    }
}
