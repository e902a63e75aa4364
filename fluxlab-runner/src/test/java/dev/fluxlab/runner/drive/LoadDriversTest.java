package dev.fluxlab.runner.drive;

import dev.fluxlab.runner.inject.LoadTools;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/** Each load tool is driven by its kind's driver, whatever its name. */
class LoadDriversTest {

    @Test
    void eachKindHasItsDriver() {
        assertInstanceOf(FluxlabDriver.class, LoadDrivers.of(LoadTools.named(null), null, null, null, true));
        for (String tool : new String[] {"wrk", "h2load", "ab"}) {
            assertInstanceOf(ExternalToolDriver.class, LoadDrivers.of(LoadTools.named(tool), null, null, null, true));
        }
        assertInstanceOf(JvmToolDriver.class, LoadDrivers.of(LoadTools.named("gatling"), null, null, null, true));
    }
}
