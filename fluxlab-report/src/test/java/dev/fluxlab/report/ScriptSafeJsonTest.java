package dev.fluxlab.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one escaping of inlined data blocks: JSON that parses to the same text and holds no markup (issue 38, 4). */
class ScriptSafeJsonTest {

    @Test
    void anInlinedDataBlockIsJsonWithoutMarkup() throws Exception {
        Map<String, Object> data = Map.of("label", "a" + Fixtures.MARKUP + " & <b>", "values", List.of(1, 2));
        String element = ChartAssets.dataScript("d", data);
        String prefix = "<script type=\"application/json\" id=\"d\">";
        assertTrue(element.startsWith(prefix) && element.endsWith("</script>\n"), element);
        String json = element.substring(prefix.length(), element.length() - "</script>\n".length());
        assertFalse(json.contains("<") || json.contains(">") || json.contains("&"), json);
        assertEquals(data, new ObjectMapper().readValue(json, Map.class), "the text arrives intact");
    }
}
