package dev.fluxlab.model.claim;

import dev.fluxlab.model.decide.PairTest;

import java.util.ArrayList;
import java.util.List;

/**
 * A claim's relation as the pair tests an interleaved trial decides ({@link PairTest}: a range the ratio of two cells'
 * figures must lie in): written once, for the runner that plans the trial and for the judge that replays it.
 */
public final class ClaimTests {

    private ClaimTests() {
    }

    /**
     * The relation as pair tests on A / B of the claim's cells ({@code ids}, in the claim's order): {@code >}
     * neighbour by neighbour, {@code >= k x} and {@code ratio} on the two cells, {@code within P%} on every pair.
     */
    public static List<PairTest> of(Relation relation, List<String> ids) {
        List<PairTest> out = new ArrayList<>();
        switch (relation) {
            case Relation.Greater g -> {
                for (int i = 0; i + 1 < ids.size(); i++) {
                    out.add(PairTest.greater(ids.get(i), ids.get(i + 1)));
                }
            }
            case Relation.AtLeast a -> out.add(PairTest.atLeast(ids.get(0), ids.get(1), a.factor()));
            case Relation.Ratio r -> out.add(PairTest.ratio(ids.get(0), ids.get(1), r.low(), r.high()));
            case Relation.Within w -> {
                for (int i = 0; i < ids.size(); i++) {
                    for (int j = i + 1; j < ids.size(); j++) {
                        out.add(PairTest.within(ids.get(i), ids.get(j), w.fraction()));
                    }
                }
            }
        }
        return out;
    }

}
