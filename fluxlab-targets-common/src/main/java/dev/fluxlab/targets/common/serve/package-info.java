/**
 * What every target family's {@code serve} commands share, whichever module owns them: starting the target and
 * ending alike on failure ({@link dev.fluxlab.targets.common.serve.ServeSupport}: one line on stderr, exit 2 for bad
 * input, 1 when the target cannot start, 0 after SIGTERM), the family's program
 * ({@link dev.fluxlab.targets.common.serve.ServeEntry}: {@code java -cp <classpath> <family main> <target>
 * --knob=value...}, the way the runner starts every target) and {@code --leak-detection}. {@code fluxlab serve}
 * lists and runs the same command classes.
 */
package dev.fluxlab.targets.common.serve;
