package dev.fluxlab.runner.host;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HostClasspathsTest {

    @Test
    void eachClasspathHasADirectoryOfItsOwnNamedAfterItsFirstFileAndItsHash() {
        List<Path> files = List.of(Path.of("/x/fluxlab-targets-spring.jar"), Path.of("/x/lib/a.jar"));
        String a = HostClasspaths.directoryName("/x/fluxlab-targets-spring.jar:/x/lib/*", files);
        String b = HostClasspaths.directoryName("/y/fluxlab-targets-spring.jar:/y/lib/*", files);
        assertTrue(a.matches("fluxlab-targets-spring-[0-9a-f]{12}"), a);
        assertNotEquals(a, b, "two checkouts' classpaths of one name never share a directory");
        assertEquals(a, HostClasspaths.directoryName("/x/fluxlab-targets-spring.jar:/x/lib/*", files), "stable");
        assertEquals("fluxlab-targets-spring", HostClasspaths.label(files));
    }

    @Test
    void aClasspathNotShippedToAHostHasNoRemoteForm() {
        assertTrue(HostClasspaths.none().remote("front", "/x/a.jar").isEmpty());
    }
}
