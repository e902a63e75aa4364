package dev.fluxlab.model.load;

import dev.fluxlab.model.Json;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** How a load document words its errors, and that their causes survive the JSON round trip. */
class LoadResultTest {

    private static LoadResult withErrors(Map<String, Long> errors, Map<String, Long> statuses, Map<String, String> why) {
        return new LoadResult(LoadResult.SCHEMA, "http://127.0.0.1:1/", "h2c", "closed", "GET", 1, 1, null, 1, true, 1,
                5, errors, 5, null, 0, 0, 0, 0, List.of(), null, null, null, null, "fluxlab", 1, null, null, statuses,
                null, null, 2, 1L, why, null, null);
    }

    private static Map<String, Long> errors(long reset, long status, long protocol) {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("connect", 0L);
        m.put("reset", reset);
        m.put("timeout", 0L);
        m.put("status", status);
        m.put("body", 0L);
        m.put("protocol", protocol);
        return m;
    }

    @Test
    void errorsAreWordedWithTheirStatusesAndFirstCauses() {
        LoadResult r = withErrors(errors(3, 4, 0), Map.of("431", 4L), Map.of("reset", "the server closed the connection"));
        assertEquals("reset 3 (the server closed the connection), status 4 [got 431 x 4]", r.describeErrors());
        assertEquals("", withErrors(errors(0, 0, 0), Map.of(), null).describeErrors());
        assertEquals("protocol 2", withErrors(errors(0, 0, 2), Map.of(), null).describeErrors());
    }

    @Test
    void causesRoundTripAsErrorDetails() throws Exception {
        LoadResult r = withErrors(errors(0, 0, 2), Map.of(), Map.of("protocol", "RST_STREAM REFUSED_STREAM from the server"));
        String json = Json.write(r);
        assertEquals(true, json.contains("\"error_details\""), json);
        assertEquals(r.errorDetails(), Json.read(json, LoadResult.class).errorDetails());
        // documents written before the field existed read as no causes
        assertNull(Json.read(json.replaceAll(",\\s*\"error_details\"\\s*:\\s*\\{[^}]*\\}", ""), LoadResult.class).errorDetails());
    }
}
