package dev.fluxlab.history;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

class CellGlobTest {

    @ParameterizedTest(name = "{0} ~ {1}: {2}")
    @CsvSource(delimiter = '|', value = {
            "*h2c*                 | target=reactor-netty,protocol=h2c,transport=epoll | true",
            "*h2c*epoll*           | target=reactor-netty,protocol=h2c,transport=epoll | true",
            "*epoll*h2c*           | target=reactor-netty,protocol=h2c,transport=epoll | false",
            "target=reactor-netty* | target=reactor-netty,protocol=h2c                 | true",
            "reactor-netty         | target=reactor-netty                              | false",
            "*c=1?                 | reactor-netty h2c c=16                            | true",
            "*c=1?                 | reactor-netty h2c c=1                             | false",
            "*                     | anything                                          | true",
            "a*b*c                 | abxbyc                                            | true",
            "a*b*c                 | abxbyd                                            | false",
            "***                   | ''                                                | true",
            "[h2c].*               | [h2c].*                                           | true",
            "[h2c].*               | h                                                 | false",
    })
    void matchesTheWholeTextWithStarsAndQuestionMarks(String glob, String text, boolean matches) {
        assertEquals(matches, new CellGlob(glob).matches(text));
    }

    @Test
    void aGlobOfManyStarsThatNeverMatchesEndsAtOnce() {
        // a backtracking regex (.*a.*a...b) tries every split of the text: C(200, 30) ways, it would never end
        String glob = "*a".repeat(30) + "*b";
        String text = "a".repeat(200);
        assertTimeoutPreemptively(java.time.Duration.ofSeconds(2), () -> assertFalse(new CellGlob(glob).matches(text)));
    }
}
