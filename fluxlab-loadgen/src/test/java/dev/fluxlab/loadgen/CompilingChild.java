package dev.fluxlab.loadgen;

import javax.tools.ToolProvider;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A child JVM whose JIT keeps compiling: it runs javac on a fresh source file over and over (javac is large, so a
 * cold JVM compiles its methods for many seconds) in the folder given as its argument, which the parent owns and
 * deletes (this child is killed, so it cannot clean up). Prints "ready", then runs until killed or for 60 s.
 */
public final class CompilingChild {

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        var javac = ToolProvider.getSystemJavaCompiler();
        System.out.println("ready");
        System.out.flush();
        long end = System.nanoTime() + 60_000_000_000L;
        for (int i = 0; System.nanoTime() < end; i++) {
            Path src = dir.resolve("C" + i + ".java");
            Files.writeString(src, "class C" + i + " { int f(int x) { return java.util.stream.IntStream.range(0, x)"
                    + ".map(y -> y * " + i + ").sum(); } }");
            javac.run(null, OutputStream.nullOutputStream(), OutputStream.nullOutputStream(), "-d", dir.toString(),
                    src.toString());
        }
    }
}
