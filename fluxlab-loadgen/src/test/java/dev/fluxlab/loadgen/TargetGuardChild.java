package dev.fluxlab.loadgen;

/** A JVM that asks {@link TargetGuard} about {@code args[0]} and prints its answer (for {@link TargetGuardTest}). */
public final class TargetGuardChild {

    private TargetGuardChild() {
    }

    public static void main(String[] args) {
        try {
            System.out.println("allowed " + TargetGuard.resolve(args[0], false).getHostAddress());
        } catch (IllegalArgumentException e) {
            System.out.println("refused " + e.getMessage());
        }
    }
}
