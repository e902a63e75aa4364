package dev.fluxlab.runner;

import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** How a run's cells are grouped and ordered for their repeats, and where each cell's files go. */
final class RepeatGroups {

    private RepeatGroups() {
    }

    /** The cell's folder under {@code cells/}: its index and a file-safe label. */
    static String cellDirName(Cell cell) {
        String slug = cell.label().replaceAll("[^A-Za-z0-9._=-]+", "-");
        if (slug.length() > 80) {
            slug = slug.substring(0, 80);
        }
        return String.format("%03d-%s", cell.index(), slug);
    }

    /**
     * The units whose repeats run together: every cell alone (sequential repeats), or, with interleaved repeats,
     * each run of consecutive cells with identical target processes.
     */
    static List<List<Cell>> of(Suite suite, List<Cell> cells) {
        List<List<Cell>> groups = new ArrayList<>();
        for (Cell c : cells) {
            List<Cell> last = groups.isEmpty() ? null : groups.get(groups.size() - 1);
            if (suite.interleavedRepeats() && last != null && last.get(0).targetsKey().equals(c.targetsKey())) {
                last.add(c);
            } else {
                groups.add(new ArrayList<>(List.of(c)));
            }
        }
        return groups;
    }

    /**
     * The order in which a group's cells run their repeat {@code r}: cell order for odd repeats, reversed for even
     * ones (A B B A), so a drift over the group's run time falls on each cell alike.
     */
    static List<Cell> order(List<Cell> group, int r) {
        if (r % 2 == 1) {
            return group;
        }
        List<Cell> reversed = new ArrayList<>(group);
        Collections.reverse(reversed);
        return reversed;
    }
}
