package dev.fluxlab.model.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClaimVerdictTest {

    @Test
    void readsEveryWrittenVerdictBack() {
        for (ClaimVerdict v : ClaimVerdict.values()) {
            assertEquals(v, ClaimVerdict.ofOrInconclusive(v.label()));
        }
    }

    @Test
    void aMissingOrUnknownVerdictReadsAsInconclusive() {
        assertEquals(ClaimVerdict.INCONCLUSIVE, ClaimVerdict.ofOrInconclusive(null));
        assertEquals(ClaimVerdict.INCONCLUSIVE, ClaimVerdict.ofOrInconclusive("refuted"));
        assertEquals(ClaimVerdict.INCONCLUSIVE, new ClaimResult("c", "s", null, "f", ">", List.of(),
                "partly", "r", null).verdictValue());
    }
}
