package dev.fluxlab.targets.common.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.AdaptiveByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import org.junit.jupiter.api.Test;

/** Each allocator name makes the allocator it says, with buffers where it says (direct or heap). */
class ServerAllocatorTest {

    @Test
    void eachNameMakesItsKindOfBuffers() {
        check(ServerAllocator.POOLED_DIRECT, PooledByteBufAllocator.class, true);
        check(ServerAllocator.POOLED_HEAP, PooledByteBufAllocator.class, false);
        check(ServerAllocator.UNPOOLED_DIRECT, UnpooledByteBufAllocator.class, true);
        check(ServerAllocator.UNPOOLED_HEAP, UnpooledByteBufAllocator.class, false);
        assertInstanceOf(AdaptiveByteBufAllocator.class, ServerAllocator.ADAPTIVE.create());
    }

    @Test
    void unknownNameIsRefusedWithTheList() {
        assertEquals(ServerAllocator.UNPOOLED_HEAP, ServerAllocator.of("unpooled-heap"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ServerAllocator.of("pooled"));
        assertTrue(e.getMessage().contains("pooled-direct, pooled-heap, unpooled-direct, unpooled-heap, adaptive"),
                e.getMessage());
    }

    private static void check(ServerAllocator a, Class<?> type, boolean direct) {
        var alloc = a.create();
        assertInstanceOf(type, alloc);
        ByteBuf b = alloc.buffer(64);
        try {
            if (direct) {
                assertTrue(b.isDirect(), a + " gave a heap buffer");
            } else {
                assertFalse(b.isDirect(), a + " gave a direct buffer");
            }
        } finally {
            b.release();
        }
    }
}
