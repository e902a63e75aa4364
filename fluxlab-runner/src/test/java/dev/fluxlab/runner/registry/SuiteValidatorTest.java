package dev.fluxlab.runner.registry;

import dev.fluxlab.model.contract.SocketBudget;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.model.suite.SuiteException;
import dev.fluxlab.runner.inject.ExternalInjectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class SuiteValidatorTest {

    /** A machine without io_uring and without Shenandoah. */
    static final Platform NO_URING = new Platform() {
        @Override
        public Optional<String> transportProblem(String transport) {
            return transport.equals("io_uring") ? Optional.of("io_uring is not available (kernel says no)") : Optional.empty();
        }

        @Override
        public Optional<String> gcProblem(String gc) {
            return gc.equalsIgnoreCase("Shenandoah") ? Optional.of("the JDK does not support GC Shenandoah") : Optional.empty();
        }
    };

    static SuiteException invalid(String yaml) {
        Suite s = Suite.parse("s.yaml", yaml);
        return assertThrows(SuiteException.class,
                () -> new SuiteValidator(TargetRegistry.builtIn(), NO_URING).validate(s));
    }

    /**
     * An int knob without a maximum is read by its target as a Java int: 3000000000 passed validation and failed the
     * target's start (a chain's backend had started by then). A knob the target reads as a long says so with its max.
     */
    @Test
    void anIntKnobBeyondAJavaIntIsRefusedUnlessItsTargetReadsALong() {
        String base = "targets:\n  reactor-netty: {knobs: {KNOB}}\nscenarios: {a: {path: /plaintext}}\n";
        SuiteException e = invalid(base.replace("KNOB", "backlog: 3000000000"));
        assertTrue(e.getMessage().contains("knob 'backlog' is out of range: 3000000000 (the target reads a whole number "
                + "of 1 or more as a Java int, at most 2147483647)"), e.getMessage());
        new SuiteValidator(TargetRegistry.builtIn(), NO_URING).validate(Suite.parse("s.yaml",
                base.replace("KNOB", "backlog: 2147483647")));
        new SuiteValidator(TargetRegistry.builtIn(), NO_URING).validate(Suite.parse("s.yaml",
                base.replace("KNOB", "fail-every: 3000000000")));
    }

    @Test
    void keepAliveFalseNeedsAnHttp11EntryLoadedByAnInjector() {
        assertTrue(invalid("""
                targets:
                  reactor-netty: {knobs: {protocol: h2c}}
                scenarios: {a: {path: /plaintext}}
                load: {connections: 4, keep_alive: false}
                """).getMessage().contains("its entry speaks h2c"));
        assertTrue(invalid("""
                targets:
                  reactor-netty: {}
                scenarios: {a: {path: /plaintext}}
                load: {connections: 4, keep_alive: false, injectors: 2}
                """).getMessage().contains("injectors: 1"));
        new SuiteValidator(TargetRegistry.builtIn(), NO_URING).validate(Suite.parse("s.yaml", """
                targets:
                  reactor-netty: {knobs: {protocol: http1.1}}
                scenarios: {a: {path: /plaintext}}
                load: {connections: 4, keep_alive: false}
                """));
    }

    @Test
    void theNativeToolsAndTheLoaderRunOnASuiteHostAndOtherToolsAreRefusedThere() {
        String hosts = "hosts: {a: {ssh: lab-a, address: 10.1.0.11}, b: {ssh: lab-b, address: 10.1.0.12}}\n";
        // wrk on a host is looked for there before the first cell, not on this machine's PATH
        new SuiteValidator(TargetRegistry.builtIn(), NO_URING).validate(Suite.parse("s.yaml", hosts + """
                targets:
                  reactor-netty: {knobs: {protocol: http1.1}, host: a}
                scenarios: {a: {path: /plaintext}}
                load: {connections: 4, injector: [wrk, h2load, ab], host: b}
                """));
        // the self-loading HttpClient loader brings its load document back from its host
        new SuiteValidator(TargetRegistry.builtIn(), NO_URING).validate(Suite.parse("s.yaml", hosts + """
                targets:
                  loader:
                    entry: client
                    processes:
                      backend: {target: reactor-netty, knobs: {protocol: h2}, host: a}
                      client:
                        target: httpclient-loader
                        knobs: {backend-url: "https://${backend.host}:${backend.port}"}
                        host: b
                scenarios: {a: {path: /get}}
                load: {connections: 2, in_flight: 4}
                """));
        SuiteException oha = invalid(hosts + """
                targets:
                  reactor-netty: {host: a}
                scenarios: {a: {path: /plaintext}}
                load: {connections: 4, injector: oha, host: b}
                """);
        assertTrue(oha.getMessage().contains("injector 'oha' does not run on a suite host: use fluxlab, wrk, h2load, ab "
                + "or gatling there, remove the load profile's 'host', or leave such cells out"), oha.getMessage());
    }

    @Test
    void acceptsAGoodSuite() {
        new SuiteValidator(TargetRegistry.builtIn(), NO_URING).validate(Suite.parse("s.yaml", """
                targets:
                  reactor-netty:
                    knobs: {protocol: [http1.1, h2c], transport: [nio, epoll], select_count: 0, tcp-nodelay: false, stall: 200ms@2s}
                    jvm: {gc: [G1, zgc]}
                scenarios: {a: {path: /plaintext}}
                """));
    }

    @Test
    void unknownTargetListsTheRegistry() {
        SuiteException e = invalid("""
                targets:
                  netty-raw: {}
                scenarios: {a: {path: /}}
                """);
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("unknown target 'netty-raw'; accepted: reactor-netty, netty, "),
                e.getMessage());
        assertTrue(e.getMessage().endsWith(" (name the kind with 'target:' when the key is your own name)"),
                e.getMessage());
    }

    @Test
    void badKnobNameAndValueAreLocated() {
        SuiteException e = invalid("""
                targets:
                  reactor-netty:
                    knobs:
                      protocol: [h2c, h4]
                scenarios: {a: {path: /}}
                """);
        assertEquals(4, e.line());
        assertEquals(23, e.column());
        assertTrue(e.getMessage().contains("knob 'protocol': unknown value 'h4'; accepted: http1.1, h2c, h2, "
                + "http1.1+h2c, h3"), e.getMessage());

        e = invalid("""
                targets:
                  reactor-netty:
                    knobs:
                      wokers: 4
                scenarios: {a: {path: /}}
                """);
        assertEquals(4, e.line());
        assertTrue(e.getMessage().contains("target 'reactor-netty': unknown knob 'wokers'; accepted: protocol, "
                + "transport, workers"), e.getMessage());

        e = invalid("""
                targets:
                  reactor-netty:
                    knobs: {workers: 0}
                scenarios: {a: {path: /}}
                """);
        assertTrue(e.getMessage().contains("knob 'workers' is out of range: 0 from 1 to 16384"), e.getMessage());
    }

    @Test
    void impossibleOnThisMachine() {
        SuiteException e = invalid("""
                targets:
                  reactor-netty:
                    knobs: {transport: [nio, io_uring]}
                scenarios: {a: {path: /}}
                """);
        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains("transport 'io_uring' cannot run here"), e.getMessage());

        e = invalid("""
                targets:
                  reactor-netty:
                    jvm: {gc: [G1, Shenandoah]}
                scenarios: {a: {path: /}}
                """);
        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains("does not support GC Shenandoah"), e.getMessage());

        e = invalid("""
                targets:
                  reactor-netty:
                    jvm: {gc: CMS}
                scenarios: {a: {path: /}}
                """);
        assertTrue(e.getMessage().contains("unknown GC 'CMS'; accepted: G1, ZGC, Shenandoah, Parallel, Serial, Epsilon"),
                e.getMessage());
    }

    @Test
    void hostPlatformAsksTheJdkOnce() {
        HostPlatform p = new HostPlatform();
        assertTrue(p.gcProblem("G1").isEmpty(), "every JDK has G1");
        assertTrue(p.gcProblem("Serial").isEmpty());
        assertEquals(Optional.of("unknown GC 'nonsense'; accepted: G1, ZGC, Shenandoah, Parallel, Serial, Epsilon"),
                p.gcProblem("nonsense"), "the suite check's refusal, without asking the JDK");
        // without Netty on this module's classpath, epoll is reported as missing rather than crashing
        assertTrue(p.transportProblem("epoll").get().contains("epoll"));
        assertTrue(p.transportProblem("nio").isEmpty());
    }

    @Test
    void methodsFluxlabsInjectorCannotSendAreRefusedAtTheScenario() {
        String suite = """
                targets:
                  reactor-netty: {}
                scenarios:
                  get: {path: /plaintext}
                  put: {path: /plaintext, method: PUT}
                """;
        SuiteException e = invalid(suite);
        assertEquals(5, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("method 'PUT' of scenario 'put' cannot be sent by fluxlab's injector, which "
                + "sends GET and POST only"), e.getMessage());
        new SuiteValidator(TargetRegistry.builtIn(), NO_URING).validate(Suite.parse("s.yaml",
                suite + "exclude: [{scenario: put}]\n"));
    }

    @Test
    void measureAutoIsRefusedForCellsFluxlabsInjectorDoesNotLoad() {
        String withWrk = """
                targets: {reactor-netty: {}}
                scenarios: {a: {path: /plaintext}}
                load: {connections: 8, injector: [fluxlab, wrk]}
                measure: auto
                """;
        Suite fluxlabOnly = Suite.parse("s.yaml", withWrk.replace("[fluxlab, wrk]", "fluxlab"));
        new SuiteValidator(TargetRegistry.builtIn(), NO_URING).validate(fluxlabOnly);
        SuiteException e = invalid(withWrk);
        assertTrue(e.getMessage().contains("'measure: auto' needs fluxlab's own injector")
                && e.getMessage().contains("is loaded by wrk"), e.getMessage());
    }

    /** wrk, h2load and ab count only 2xx as answered: an expected 404 was counted as 7,668 status errors. */
    @Test
    void aPeerToolCannotVerifyAnExpectedStatusOutsideTwoHundreds() {
        String suite = """
                targets: {reactor-netty: {}}
                scenarios: {missing: {path: /nope, expect: {status: 404}}}
                load: {connections: 8, injector: [fluxlab, wrk]}
                """;
        assumeTrue(ExternalInjectors.locate("wrk").isPresent(), "wrk is not installed");
        SuiteException e = invalid(suite);
        assertTrue(e.getMessage().contains("injector 'wrk' counts only 2xx responses as answered, so 'expect: {status: "
                + "404}' cannot be verified by it"), e.getMessage());
        new SuiteValidator(TargetRegistry.builtIn(), NO_URING).validate(
                Suite.parse("s.yaml", suite.replace(", wrk]", "]")));
    }

    @Test
    void requestCountsNeedAToolThatCountsRequests() {
        String suite = """
                targets: {reactor-netty: {}}
                scenarios: {a: {path: /plaintext}}
                load: {connections: 8, requests: 1000, injector: [fluxlab, ab, h2load, wrk]}
                """;
        SuiteException e = invalid(suite);
        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains("'requests: 1000' cannot be run: injector 'wrk' has no request count"),
                e.getMessage());
        new SuiteValidator(TargetRegistry.builtIn(), NO_URING).validate(
                Suite.parse("s.yaml", suite.replace(", wrk]", "]")));
        SuiteException auto = assertThrows(SuiteException.class, () -> Suite.parse("s.yaml", suite + "measure: auto\n"));
        assertTrue(auto.getMessage().contains("give one of them"), auto.getMessage());
    }

    @Test
    void gatlingIsRefusedWhatItCannotDo() {
        SuiteException h2c = invalid("""
                targets: {reactor-netty: {knobs: {protocol: h2c}}}
                scenarios: {a: {path: /plaintext}}
                load: {connections: 2, in_flight: 8, injector: gatling}
                """);
        assertTrue(h2c.getMessage().contains("Gatling speaks HTTP/2 over TLS only"), h2c.getMessage());
        SuiteException batches = invalid("""
                targets: {reactor-netty: {knobs: {protocol: h2}}}
                scenarios: {a: {path: /plaintext}}
                load: {connections: 2, in_flight: 8, requests: 100, injector: gatling}
                """);
        assertTrue(batches.getMessage().contains("must be a multiple of it, not 100"), batches.getMessage());
        assertTrue(batches.getMessage().contains("make 'requests' a multiple of in_flight, use fluxlab, h2load, ab or oha,")
                && !batches.getMessage().contains("or gatling"), "the fix does not name the tool refused: "
                + batches.getMessage());
        SuiteException prime = assertThrows(SuiteException.class, () -> Suite.parse("s.yaml", """
                targets: {reactor-netty: {knobs: {protocol: h2}}}
                scenarios: {a: {path: /plaintext}}
                load: {connections: 2, prime: {injector: h2load, connections: 16}}
                """));
        assertTrue(prime.getMessage().contains("a priming step sends a fixed number of requests"), prime.getMessage());
        SuiteException wrk = invalid("""
                targets: {reactor-netty: {knobs: {protocol: h2}}}
                scenarios: {a: {path: /plaintext}}
                load: {connections: 2, prime: {injector: wrk, requests: 100}}
                """);
        assertTrue(wrk.getMessage().contains("the priming step cannot run: injector 'wrk' has no request count"),
                wrk.getMessage());
    }

    /**
     * A peer tool is judged against the protocol the entry really speaks: the frontend's default is h2 (TLS), so wrk
     * (HTTP/1.1 only) is refused at validation even when the suite does not name the protocol.
     */
    @Test
    void aPeerToolIsCheckedAgainstTheEntrysDefaultProtocol() {
        String suite = proxy("backend-url: \"http://127.0.0.1:${backend.port}\"", "injector: wrk");
        SuiteException e = invalid(suite);
        assertTrue(e.getMessage().contains("wrk speaks HTTP/1.1 only, not h2"), e.getMessage());
        new SuiteValidator(TargetRegistry.builtIn(), NO_URING).validate(Suite.parse("s.yaml", suite.replace(
                "frontend: {target: frontend, knobs: {", "frontend: {target: frontend, knobs: {protocol: http1.1, ")));
    }

    /**
     * A reference to an earlier process is checked before anything starts: the process must come earlier in the chain,
     * the attribute be its port or host, and the value with the reference filled in obey the knob's own rules (a
     * non-loopback host, another scheme, a port beyond 65535 were passed when a reference was present, and the frontend
     * refused them after the backend had started).
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "http://10.0.0.1:${backend.port}   | is not accepted by knob 'backend-url'",
            "http://0.0.0.0:${backend.port}    | is not accepted by knob 'backend-url'",
            "http://167772161:${backend.port}  | is not accepted by knob 'backend-url'",
            "ftp://127.0.0.1:${backend.port}   | is not accepted by knob 'backend-url'",
            "127.0.0.1:${backend.port}         | is not accepted by knob 'backend-url'",
            "http://127.0.0.1:${backnd.port}   | '${backnd.port}' names no process started before this one (started before it: backend)",
            "http://127.0.0.1:${frontend.port} | '${frontend.port}' names no process started before this one",
            "http://127.0.0.1:${backend.}      | '${backend.}' names no attribute of process 'backend'",
            "http://127.0.0.1:${backend.port   | holds an unclosed '${'",
            // an attribute no readiness line carries failed the cell once the backend had started
            "http://127.0.0.1:${backend.prot}  | '${backend.prot}' names no attribute process 'backend' announces: unknown attribute 'prot'; accepted: allocator, ",
            // the named process's own line: the mock API's delay-ms is no attribute of a reactor-netty backend
            "http://127.0.0.1:${backend.delay-ms} | '${backend.delay-ms}' names no attribute process 'backend' announces: unknown attribute 'delay-ms'; accepted: allocator, ",
            "http://${backend.port}:8080       | is not accepted by knob 'backend-url'",
            "http://127.0.0.1:99999            | has port 99999, not a TCP port (1 to 65535)",
            "http://127.0.0.1:0                | has port 0, not a TCP port"})
    void referencesToEarlierProcessesAreCheckedBeforeTheRun(String url, String message) {
        String suite = proxy("protocol: h2c, backend-url: \"URL\"", "");
        SuiteException e = invalid(suite.replace("URL", url));
        assertTrue(e.getMessage().contains(message), e.getMessage());
        assertTrue(e.getMessage().contains("backend-url"), e.getMessage());
        for (String good : List.of("http://127.0.0.1:${backend.port}", "http://${backend.host}:${backend.port}",
                "http://[::1]:${backend.port}", "http://localhost:8080", "http://127.0.0.1:${backend.workers}")) {
            new SuiteValidator(TargetRegistry.builtIn(), NO_URING).validate(Suite.parse("s.yaml", suite.replace("URL", good)));
        }
    }

    /** A load protocol the entry does not serve is refused before the targets start (it failed in the injector). */
    @Test
    void theLoadsProtocolMustBeOneTheEntryServes() {
        String suite = """
                targets:
                  reactor-netty: {knobs: {protocol: SERVED}}
                scenarios: {a: {path: /plaintext}}
                load: {connections: 2, protocol: SPOKEN}
                """;
        SuiteException e = invalid(suite.replace("SERVED", "http1.1").replace("SPOKEN", "h2"));
        assertTrue(e.getMessage().contains("s.yaml:4:") && e.getMessage().contains("the load speaks h2 but its entry "
                + "process 'reactor-netty' serves http1.1 (its 'protocol' knob)"), e.getMessage());
        assertTrue(invalid(suite.replace("SERVED", "h2").replace("SPOKEN", "h2c")).getMessage()
                .contains("the load speaks h2c but"));
        assertTrue(invalid(suite.replace("knobs: {protocol: SERVED}", "knobs: {}").replace("SPOKEN", "h2c"))
                .getMessage().contains("serves http1.1"), "the registry's default counts");
        for (String ok : List.of("http1.1+h2c/h2c", "http1.1+h2c/http1.1", "h2/h2", "h2c/h2c")) {
            String[] sp = ok.split("/");
            new SuiteValidator(TargetRegistry.builtIn(), NO_URING).validate(Suite.parse("s.yaml",
                    suite.replace("SERVED", sp[0]).replace("SPOKEN", sp[1])));
        }
    }

    /** An h2c backend behind the frontend with {@code frontendKnobs}, loaded with 8 connections and {@code load}. */
    private static String proxy(String frontendKnobs, String load) {
        return """
                targets:
                  proxy:
                    entry: frontend
                    processes:
                      backend: {target: reactor-netty, knobs: {protocol: h2c}}
                      frontend: {target: frontend, knobs: {KNOBS}}
                scenarios: {a: {path: /get}}
                load: {connections: 8LOAD}
                """.replace("KNOBS", frontendKnobs).replace("LOAD", load.isEmpty() ? "" : ", " + load);
    }

    /** {@link #NO_URING} whose processes may open 1024 files, 40 of them open already. */
    private static final Platform TIGHT = new Platform() {
        @Override
        public Optional<String> transportProblem(String transport) {
            return NO_URING.transportProblem(transport);
        }

        @Override
        public Optional<String> gcProblem(String gc) {
            return NO_URING.gcProblem(gc);
        }

        @Override
        public SocketBudget socketBudget() {
            return new SocketBudget(1024, 40);
        }
    };

    /**
     * An injector on this machine opens each connection as a file: more than the file limit lets it open is refused
     * with the limit and the most that fit, as {@code fluxlab load} refuses it, but before any target starts.
     */
    @Test
    void connectionsBeyondTheFileLimitOfAnInjectorHereAreRefused() {
        String suite = """
                targets: {reactor-netty: {}}
                scenarios: {a: {path: /plaintext}}
                load: {connections: [16, 1000]}
                """;
        SuiteException e = assertThrows(SuiteException.class,
                () -> new SuiteValidator(TargetRegistry.builtIn(), TIGHT).validate(Suite.parse("s.yaml", suite)));
        assertTrue(e.getMessage().startsWith("s.yaml:3:") && e.getMessage().contains("'connections' of 1000 needs as "
                + "many open sockets in one injector process") && e.getMessage().contains("may open 1024 files (ulimit "
                + "-n) with 40 open already") && e.getMessage().contains("at most 920"), e.getMessage());
        for (String fits : List.of("[16, 920]", "1000, injectors: 2", "1840, injectors: 2")) {
            new SuiteValidator(TargetRegistry.builtIn(), TIGHT).validate(Suite.parse("s.yaml",
                    suite.replace("[16, 1000]", fits)));
        }
        SuiteException split = assertThrows(SuiteException.class, () -> new SuiteValidator(TargetRegistry.builtIn(),
                TIGHT).validate(Suite.parse("s.yaml", suite.replace("[16, 1000]", "1842, injectors: 2"))));
        assertTrue(split.getMessage().contains("'connections' of 1842 over 2 injectors needs 921 open sockets in each"),
                split.getMessage());
        // a priming step runs here in one process, with all its connections (the cell's unless it gives its own)
        SuiteException prime = assertThrows(SuiteException.class, () -> new SuiteValidator(TargetRegistry.builtIn(),
                TIGHT).validate(Suite.parse("s.yaml", suite.replace("[16, 1000]",
                        "16, prime: {connections: 1000, requests: 100}"))));
        assertTrue(prime.getMessage().startsWith("s.yaml:3:") && prime.getMessage().contains("the priming step's 1000 "
                + "connections need as many open sockets in one process here") && prime.getMessage().contains(
                "at most 920 'connections'"), prime.getMessage());
        SuiteException primeSplit = assertThrows(SuiteException.class, () -> new SuiteValidator(
                TargetRegistry.builtIn(), TIGHT).validate(Suite.parse("s.yaml", suite.replace("[16, 1000]",
                        "1000, injectors: 2, prime: {requests: 100}"))));
        assertTrue(primeSplit.getMessage().contains("the priming step's 1000 connections (the cell's)"),
                primeSplit.getMessage());
        new SuiteValidator(TargetRegistry.builtIn(), TIGHT).validate(Suite.parse("s.yaml", suite.replace("[16, 1000]",
                "1000, injectors: 2, prime: {connections: 16, requests: 100}")));
        // an injector on a suite host has that host's limit, which is not known here
        new SuiteValidator(TargetRegistry.builtIn(), TIGHT).validate(Suite.parse("s.yaml", """
                hosts: {inject: {ssh: lab-inject, address: 10.1.0.11}}
                """ + suite.replace("[16, 1000]", "1000, host: inject")));
    }
}
