package dev.fluxlab.runner.inject;

import dev.fluxlab.model.inject.InjectorTraits;
import dev.fluxlab.model.inject.Injectors;
import dev.fluxlab.model.load.LoadResult;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The runner's tool registry binds every tool the model declares, each to its own declaration. */
class LoadToolsTest {

    @Test
    void everyDeclaredToolHasItsObject() {
        assertEquals(Injectors.names(), LoadTools.all().stream().map(LoadTool::name).toList());
        for (int i = 0; i < Injectors.ALL.size(); i++) {
            assertSame(Injectors.ALL.get(i), LoadTools.all().get(i).traits());
        }
    }

    @Test
    void foundByNameTheDefaultFirst() {
        assertInstanceOf(FluxlabInjector.class, LoadTools.named(null));
        assertInstanceOf(FluxlabInjector.class, LoadTools.named("fluxlab"));
        assertInstanceOf(WrkInjector.class, LoadTools.named("wrk"));
        assertInstanceOf(JvmInjector.class, LoadTools.named("gatling"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LoadTools.named("jmeter"));
        assertEquals(Injectors.refusal("jmeter"), e.getMessage());
        assertTrue(LoadTools.find("jmeter").isEmpty());
    }

    /** Whether a tool is installed is its own question: a native tool looks on PATH, a JVM tool for its build. */
    @Test
    void eachToolSaysWhetherItIsInstalled() {
        assertTrue(new FluxlabInjector().notInstalled(f -> false).isEmpty());
        String gatling = new GatlingInjector().notInstalled(f -> false).orElseThrow();
        assertTrue(gatling.startsWith("injector 'gatling' runs from module fluxlab-gatling's own classpath, which is not "
                + "built (fluxlab-gatling/target/fluxlab-gatling.jar is missing)"), gatling);
        assertTrue(new GatlingInjector().notInstalled(f -> true).isEmpty());
        ExternalInjector absent = new ExternalInjector() {
            @Override
            public InjectorTraits traits() {
                return Injectors.WRK;
            }

            @Override
            public String executable() {
                return "fluxlab-no-such-tool";
            }

            @Override
            public String debianPackage() {
                return "fluxlab-no-such-package";
            }

            @Override
            public Optional<String> unsupported(String protocol, int inFlight, String method) {
                return Optional.empty();
            }

            @Override
            public List<String> command(String executablePath, LoadRequest request) {
                return List.of(executablePath);
            }

            @Override
            public LoadResult parse(String output, LoadRequest request) {
                throw new IllegalArgumentException("never run");
            }
        };
        assertEquals(ExternalInjectors.missing(absent), absent.notInstalled(f -> true).orElseThrow());
    }

    @Test
    void abRunsOneThreadAndAsksForKeepAlive() {
        assertEquals(1, new AbInjector().fixedThreads());
        assertTrue(new AbInjector().http10KeepAlive());
        assertEquals(List.of(false, false), List.of(new WrkInjector().http10KeepAlive(),
                new H2loadInjector().http10KeepAlive()));
    }
}
