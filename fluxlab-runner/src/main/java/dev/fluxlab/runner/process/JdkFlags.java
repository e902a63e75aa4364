package dev.fluxlab.runner.process;

import java.util.List;

/**
 * The flags every child JVM gets from the JDK it runs on, written once for the runner's command lines, their
 * translation for a suite host's JDK and the launcher's AOT training. On JDK 23+ Netty does not use sun.misc.Unsafe
 * memory access unless it is allowed explicitly, which makes every Netty process (targets and injector alike) slower
 * than on JDK 21; allowing it keeps results comparable across JDKs. Older JDKs do not know the flag and refuse to start
 * with it.
 */
public final class JdkFlags {

    /** Allows Netty's sun.misc.Unsafe memory access on JDK 23 and newer. */
    public static final String UNSAFE_MEMORY_ACCESS = "--sun-misc-unsafe-memory-access=allow";
    /** The first JDK feature release that knows {@link #UNSAFE_MEMORY_ACCESS}. */
    private static final int UNSAFE_MEMORY_ACCESS_SINCE = 23;

    private JdkFlags() {
    }

    /** The flags for a JDK of feature release {@code feature}. */
    public static List<String> forFeature(int feature) {
        return feature >= UNSAFE_MEMORY_ACCESS_SINCE ? List.of(UNSAFE_MEMORY_ACCESS) : List.of();
    }
}
