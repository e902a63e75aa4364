package dev.fluxlab.targets.common.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class DateHeaderTest {

    @Test
    void formatsOncePerSecondAndRefreshesWhenTheSecondChanges() {
        AtomicLong now = new AtomicLong(1_700_000_000_000L); // Tue, 14 Nov 2023 22:13:20 GMT
        DateHeader date = new DateHeader(now::get);
        CharSequence first = date.value();
        assertEquals("Tue, 14 Nov 2023 22:13:20 GMT", first.toString());
        now.addAndGet(999);
        assertSame(first, date.value());
        assertEquals(1, date.formats());
        now.addAndGet(1);
        assertNotEquals(first, date.value());
        assertEquals("Tue, 14 Nov 2023 22:13:21 GMT", date.value().toString());
        assertEquals(2, date.formats());
    }

    @Test
    void daysAreTwoDigits() {
        DateHeader date = new DateHeader(() -> 1_699_142_400_000L); // 5 Nov 2023
        assertEquals("Sun, 05 Nov 2023 00:00:00 GMT", date.value().toString());
    }
}
