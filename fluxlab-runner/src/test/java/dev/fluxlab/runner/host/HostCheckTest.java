package dev.fluxlab.runner.host;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class HostCheckTest {

    @Test
    void javaFeatureReleaseFromVersionOutput() {
        assertEquals(Optional.of(25), HostCheck.feature("openjdk version \"25.0.3\" 2026-04-21 LTS\nOpenJDK Runtime"));
        assertEquals(Optional.of(21), HostCheck.feature("openjdk version \"21\" 2023-09-19"));
        assertEquals(Optional.of(17), HostCheck.feature("Picked up JAVA_TOOL_OPTIONS: -Xmx1g\nopenjdk version \"17.0.9\""));
        assertEquals(Optional.of(8), HostCheck.feature("java version \"1.8.0_402\""));
        assertEquals(Optional.of(22), HostCheck.feature("openjdk version \"22-ea\" 2024-03-19"));
        assertEquals(Optional.empty(), HostCheck.feature("sh: 1: java: not found"));
    }
}
