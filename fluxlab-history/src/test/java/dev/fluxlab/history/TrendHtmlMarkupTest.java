package dev.fluxlab.history;

import com.fasterxml.jackson.databind.JsonNode;
import dev.fluxlab.model.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Markup in what the trend page's data carries (here a kernel name in the environment differences) leaves its inlined
 * data block valid JSON with the same text, and opens or closes no element (issue 38, finding 4: {@code <!--} was
 * written {@code <\!--}, which is no JSON, and the chart drew nothing).
 */
class TrendHtmlMarkupTest {

    private static final String MARKUP = "6.12 <!-- </script><script>x=1</script> -->";
    private static final Pattern DATA = Pattern.compile(
            "<script type=\"application/json\" id=\"fluxlab-trend\">(.*?)</script>", Pattern.DOTALL);

    @TempDir
    Path base;

    @Test
    void markupInTheDataKeepsTheDataBlockJson() throws Exception {
        for (int i = 0; i < 2; i++) {
            var r = HistoryIndexTest.run("r" + i, "quick", i, 100_000, HistoryIndexTest.env(i == 0 ? "6.1" : MARKUP, 1e6),
                    null);
            Path dir = base.resolve(r.runId());
            Json.writeAtomically(dir.resolve("results.json"), r);
            HistoryIndex.record(dir);
        }
        try (HistoryIndex index = HistoryIndex.open(HistoryIndex.file(base))) {
            String html = TrendHtml.render(FigureTrend.of(index, "quick", null, "*epoll*"));
            Matcher m = DATA.matcher(html);
            assertTrue(m.find(), "the page has its data block");
            String block = m.group(1);
            assertFalse(block.contains("<!--") || block.contains("<script") || block.contains("</"), block);
            JsonNode data = Json.mapper().readTree(block);
            assertEquals("kernel: 6.1 -> " + MARKUP,
                    data.get("series").get(0).get("points").get(1).get("environment").asText(), "the text arrives intact");
        }
    }
}
