package dev.fluxlab.model.placement;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A set of CPU numbers in the kernel's list syntax ({@code "0-3"}, {@code "4,5"}, {@code "0-1,6"}), as taskset,
 * cpusets and {@code /sys/devices/system/cpu/online} write it. Immutable.
 */
public final class CpuList {

    private static final Pattern SYNTAX = Pattern.compile("\\d+(-\\d+)?(,\\d+(-\\d+)?)*");
    /** Upper bound on CPU numbers accepted: far above any machine, low enough that a typo cannot allocate much. */
    static final int MAX_CPU = 4095;

    private final BitSet cpus;

    private CpuList(BitSet cpus) {
        this.cpus = cpus;
    }

    /** Parses a CPU list; an {@link IllegalArgumentException} says what is wrong and what the syntax is. */
    public static CpuList parse(String text) {
        String s = text == null ? "" : text.strip();
        if (!SYNTAX.matcher(s).matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a CPU list: write CPU numbers and ranges like "
                    + "\"0-3\" or \"4,5\"");
        }
        BitSet set = new BitSet();
        for (String part : s.split(",")) {
            String[] ends = part.split("-");
            int lo = number(ends[0], text);
            int hi = ends.length == 2 ? number(ends[1], text) : lo;
            if (hi < lo) {
                throw new IllegalArgumentException("CPU list '" + text + "': range " + part + " runs backwards; write "
                        + hi + "-" + lo);
            }
            set.set(lo, hi + 1);
        }
        return new CpuList(set);
    }

    private static int number(String digits, String text) {
        try {
            int n = Integer.parseInt(digits);
            if (n <= MAX_CPU) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // too long: reported below
        }
        throw new IllegalArgumentException("CPU list '" + text + "': CPU " + digits + " is beyond " + MAX_CPU);
    }

    /** Number of CPUs in the list. */
    public int size() {
        return cpus.cardinality();
    }

    /** Whether every CPU of {@code other} is in this list. */
    public boolean containsAll(CpuList other) {
        BitSet rest = (BitSet) other.cpus.clone();
        rest.andNot(cpus);
        return rest.isEmpty();
    }

    /** The CPUs of {@code other} not in this list. */
    public CpuList missing(CpuList other) {
        BitSet rest = (BitSet) other.cpus.clone();
        rest.andNot(cpus);
        return new CpuList(rest);
    }

    /** The CPUs both lists have (empty when they do not overlap). */
    public CpuList intersection(CpuList other) {
        BitSet both = (BitSet) cpus.clone();
        both.and(other.cpus);
        return new CpuList(both);
    }

    public boolean isEmpty() {
        return cpus.isEmpty();
    }

    /** The CPUs of this list not in {@code other}. */
    public CpuList minus(CpuList other) {
        return other.missing(this);
    }

    /** The {@code n} lowest CPUs of this list (all of them when it has fewer). */
    public CpuList lowest(int n) {
        BitSet out = new BitSet();
        for (int c = cpus.nextSetBit(0), k = 0; c >= 0 && k < n; c = cpus.nextSetBit(c + 1), k++) {
            out.set(c);
        }
        return new CpuList(out);
    }

    /** The {@code n} highest CPUs of this list (all of them when it has fewer). */
    public CpuList highest(int n) {
        return minus(lowest(Math.max(0, size() - n)));
    }

    /**
     * Splits this list into {@code parts} contiguous runs in ascending order, as connections are split between
     * injectors ({@link Shares}).
     *
     * @throws IllegalArgumentException when there are fewer CPUs than parts
     */
    public List<CpuList> split(int parts) {
        if (parts < 1 || size() < parts) {
            throw new IllegalArgumentException("CPU list " + this + " has " + size() + " CPUs, cannot split it " + parts
                    + " ways");
        }
        List<CpuList> out = new ArrayList<>(parts);
        CpuList rest = this;
        for (int share : Shares.of(size(), parts)) {
            CpuList part = rest.lowest(share);
            out.add(part);
            rest = rest.minus(part);
        }
        return out;
    }

    /** The canonical list syntax: ascending, ranges of three or more joined ({@code 0-3,5,6}). */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        for (int lo = cpus.nextSetBit(0); lo >= 0; ) {
            int hi = cpus.nextClearBit(lo) - 1;
            if (!b.isEmpty()) {
                b.append(',');
            }
            b.append(lo);
            if (hi == lo + 1) {
                b.append(',').append(hi);
            } else if (hi > lo) {
                b.append('-').append(hi);
            }
            lo = cpus.nextSetBit(hi + 1);
        }
        return b.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CpuList c && c.cpus.equals(cpus);
    }

    @Override
    public int hashCode() {
        return cpus.hashCode();
    }
}
