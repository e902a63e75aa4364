package dev.fluxlab.report;

import dev.fluxlab.model.run.CellProfile;
import dev.fluxlab.model.run.CellResult;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The profiler's overhead is read only from a valid profiled repeat. */
class ProfileOverheadTest {

    @Test
    void anInvalidProfiledRepeatGivesNoOverheadFigure() {
        CellResult bad = Fixtures.cell(1, "h2c", "epoll", new double[]{5_012}, 900, false, false,
                List.of("target reactor-netty (exit code 137) exited before the run ended"), List.of());
        CellResult good = Fixtures.cell(2, "h2c", "epoll", new double[]{8_000}, 900, false, true, List.of(), List.of());
        CellProfile invalid = CellProfile.of("jfr", bad.repeats().get(0), 8_505.0, List.of(), List.of());
        assertNull(invalid.overhead(), "a target killed in the window measured something else than the profiler");
        String text = ProfileView.overhead(invalid);
        assertTrue(text.startsWith("profiled 5,012 req/s in an INVALID repeat, so no overhead figure"), text);

        CellProfile valid = CellProfile.of("cpu", good.repeats().get(0), 8_505.0, List.of(), List.of());
        assertEquals(1 - 8_000 / 8_505.0, valid.overhead(), 1e-12);
        assertTrue(ProfileView.overhead(valid).endsWith("overhead 5.9 %"), ProfileView.overhead(valid));
    }
}
