package dev.fluxlab.model.decide;

import dev.fluxlab.model.run.FigureName;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WindowFigureTest {

    @Test
    void eachFigureReadsItsComponent() {
        Window w = new Window("c", 3, 12.5, 5, 4000, 2, 800, 1.5, 4.0, null);
        assertEquals(800, WindowFigure.THROUGHPUT.of(w));
        assertEquals(1.5, WindowFigure.P50.of(w));
        assertEquals(4.0, WindowFigure.P90.of(w));
        assertNull(WindowFigure.P99.of(w));
    }

    @Test
    void figuresAreFoundByTheSuitesKeys() {
        for (WindowFigure f : WindowFigure.values()) {
            assertEquals(Optional.of(f), WindowFigure.byKey(f.key()));
        }
        assertEquals(Optional.of(WindowFigure.P99), WindowFigure.byKey("latency_p99_ms"));
        assertEquals(Optional.empty(), WindowFigure.byKey("rss_mb"));
        assertTrue(WindowFigure.THROUGHPUT.higherIsBetter());
        assertFalse(WindowFigure.P99.higherIsBetter());
    }

    @Test
    void eachIsAFigureOfTheTableWithItsDirection() {
        for (WindowFigure f : WindowFigure.values()) {
            FigureName name = FigureName.parse(f.key());
            assertEquals(f.key(), name.key());
            assertEquals(name.kind().higherIsBetter(), f.higherIsBetter(), f.key());
        }
    }
}
