package dev.fluxlab.runner;

import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RepeatFiguresTest {

    private static Cell cell(String load) {
        return Suite.parse("t.yaml", """
                targets: {fake: {}}
                scenarios: {a: {path: /a}}
                load: %s
                """.formatted(load)).cells().get(0);
    }

    private static LoadResult withThreads(Integer threads) {
        return new LoadResult(LoadResult.SCHEMA, "http://127.0.0.1:1/a", "http1.1", "closed", "GET", 64, 1, null, 0,
                null, 1, 10, null, 10, null, 0, 0, 0, 0, null, null, null, null, "nio", null, threads, null, null, null, null, null);
    }

    /** The injector's event loops come from its document; only a document without them falls back to the rule. */
    @Test
    void injectorThreadsAreReadFromTheDocument() {
        Cell c = cell("{connections: 64}");
        assertEquals(7, RepeatFigures.injectorThreads(c, withThreads(7)));
        assertEquals(Math.min(Runtime.getRuntime().availableProcessors(), 64),
                RepeatFigures.injectorThreads(c, withThreads(null)));
        assertEquals(3, RepeatFigures.injectorThreads(cell("{connections: 64, threads: 3}"), withThreads(null)));
    }
}
