package dev.fluxlab.report;

import dev.fluxlab.model.run.Environment;
import dev.fluxlab.model.run.MachineSpeed;
import dev.fluxlab.model.run.RunResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/**
 * The parts of a run's {@link Environment} that move numbers, and how two runs differ in them: CPU model and count,
 * kernel, JDK, frequency governor, fluxlab's commit, a dirty tree, and the machine's measured speed when it differs by
 * more than the noise floor. {@code compare} warns with these (the speed: each run's typical one,
 * {@link RunResult#typicalMachineSpeed}); {@code history} marks them between consecutive runs (the typical speed its
 * index keeps in the environment).
 * A field that one side did not record (older documents) is not called a difference.
 */
public final class Fingerprint {

    private Fingerprint() {
    }

    /** The name of the machine-speed difference, which {@code compare} backs with the runs' own repeats. */
    public static final String MACHINE_SPEED = "machine speed";

    /**
     * One field that differs.
     *
     * @param what the field, e.g. {@code kernel}
     * @param a    its value in the first run
     * @param b    its value in the second run
     */
    public record Difference(String what, String a, String b) {

        /** {@code kernel: 6.1.0 -> 6.12.0}. */
        public String text() {
            return what + ": " + a + " -> " + b;
        }
    }

    private record Field(String what, Function<Environment, Object> value) {
    }

    private static final List<Field> FIELDS = List.of(
            new Field("cpu model", Environment::cpuModel),
            new Field("cpus", e -> e.cpus() > 0 ? e.cpus() : null),
            new Field("kernel", Environment::kernel),
            new Field("jdk", e -> e.jdk() == null ? null : e.jdk() + (e.jdkVendor() == null ? "" : " (" + e.jdkVendor() + ")")),
            new Field("governor", Environment::governor),
            new Field("fluxlab commit", Environment::fluxlabCommit),
            new Field("dirty tree", Environment::treeDirty),
            new Field("placement", Environment::placement),
            new Field("injector AOT cache", Fingerprint::injectorAotCache));

    /** {@link #injectorAotCache}'s value for a run whose local injectors started from the AOT cache. */
    public static final String ON = "on";

    /**
     * Whether a run's local injectors started from the JDK AOT cache: {@link #ON} or "off" (a run without the
     * {@code versions} entry had no cache), null when the environment recorded no versions at all.
     */
    public static String injectorAotCache(Environment e) {
        return e.versions() == null ? null : e.versions().containsKey(Environment.INJECTOR_AOT_CACHE) ? ON : "off";
    }

    /** The names of the fields compared, in order ({@code compare --help} names each; a test holds them equal). */
    public static List<String> fieldNames() {
        return FIELDS.stream().map(Field::what).toList();
    }

    /**
     * The fields in which {@code b} differs from {@code a}, with the speeds the environments hold (history's index
     * keeps each run's typical speed there); see {@link #differences(Environment, MachineSpeed, Environment, MachineSpeed,
     * double)}.
     */
    public static List<Difference> differences(Environment a, Environment b, double speedFloor) {
        return a == null || b == null ? List.of()
                : differences(a, a.speedBefore(), b, b.speedBefore(), speedFloor);
    }

    /**
     * The fields in which {@code b} differs from {@code a}; the machine speed counts when
     * {@code |speed(B) / speed(A) - 1|} exceeds {@code speedFloor} and the spread of both speed measurements.
     */
    public static List<Difference> differences(Environment a, MachineSpeed speedA, Environment b, MachineSpeed speedB,
                                               double speedFloor) {
        List<Difference> out = new ArrayList<>();
        if (a == null || b == null) {
            return out;
        }
        for (Field f : FIELDS) {
            Object va = f.value().apply(a);
            Object vb = f.value().apply(b);
            if (va != null && vb != null && !Objects.equals(va, vb)) {
                out.add(new Difference(f.what(), String.valueOf(va), String.valueOf(vb)));
            }
        }
        double r = speedRatio(speedA, speedB);
        if (!Double.isNaN(r)) {
            double floor = Math.max(speedFloor, Math.max(speedA.relativeSpread(), speedB.relativeSpread()));
            if (Math.abs(r - 1) > floor) {
                out.add(new Difference(MACHINE_SPEED, speed(speedA), speed(speedB)
                        + String.format(Locale.ROOT, " ops/s (%+.1f%%, beyond the %s floor)", (r - 1) * 100, Numbers.percent(floor))));
            }
        }
        return out;
    }

    /** speed(B) / speed(A); NaN when either is missing. */
    public static double speedRatio(MachineSpeed sa, MachineSpeed sb) {
        if (sa == null || sb == null || !(sa.opsPerSecond() > 0) || !(sb.opsPerSecond() > 0)) {
            return Double.NaN;
        }
        return sb.opsPerSecond() / sa.opsPerSecond();
    }

    private static String speed(MachineSpeed s) {
        return Numbers.integer(s.opsPerSecond());
    }
}
