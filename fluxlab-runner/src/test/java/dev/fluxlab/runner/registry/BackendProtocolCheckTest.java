package dev.fluxlab.runner.registry;

import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.model.suite.SuiteException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The proxy frontend's and the HttpClient loader's wire to their backend, checked per cell before the run: each case
 * below had started the chain's backend, then failed the cell with the client's refusal or with every request failing.
 */
class BackendProtocolCheckTest {

    /** A machine where io_uring works (the frontend's native transport picks it). */
    private static final Platform URING = new Platform() {
        @Override
        public Optional<String> transportProblem(String transport) {
            return Optional.empty();
        }

        @Override
        public Optional<String> gcProblem(String gc) {
            return Optional.empty();
        }
    };

    private static String chain(String backend, String frontend) {
        return """
                targets:
                  proxy:
                    entry: frontend
                    processes:
                      backend: {target: reactor-netty, knobs: {BACK}}
                      frontend: {target: frontend, knobs: {protocol: h2c, FRONT}}
                scenarios: {a: {path: /get}}
                load: {connections: 4}
                """.replace("BACK", backend).replace("FRONT", frontend);
    }

    private static SuiteException refused(Platform platform, String yaml) {
        Suite s = Suite.parse("s.yaml", yaml);
        return assertThrows(SuiteException.class, () -> new SuiteValidator(TargetRegistry.builtIn(), platform).validate(s));
    }

    @ParameterizedTest(name = "{0} / {1}")
    @CsvSource(delimiter = '|', value = {
            "protocol: h3       | backend-protocol: h3, transport: epoll, backend-url: 'http://127.0.0.1:${backend.port}'  | cell target=proxy,",
            "protocol: h3       | backend-protocol: h3, transport: epoll, backend-url: 'http://127.0.0.1:${backend.port}'  | 'backend-protocol: h3' of 'frontend' goes over TLS, so its 'backend-url' is an https:// URL, not http://127.0.0.1:${backend.port}; write https://... or choose another backend-protocol",
            "protocol: h2c      | backend-protocol: h2c, backend-url: 'https://127.0.0.1:${backend.port}'                 | 'backend-protocol: h2c' of 'frontend' goes in cleartext, so its 'backend-url' is an http:// URL",
            "protocol: h2c      | backend-protocol: h3, transport: epoll, backend-url: 'https://127.0.0.1:${backend.port}' | 'backend-protocol: h3' of 'frontend' needs a backend serving HTTP/3 on its UDP port, and 'backend' serves h2c; give 'backend' protocol: h3, or choose backend-protocol h2 or h2c",
            "transport: nio     | backend-protocol: h3, transport: epoll, backend-url: 'https://127.0.0.1:${backend.port}' | and 'backend' serves http1.1",
            "protocol: h3       | backend-url: 'https://127.0.0.1:${backend.port}'                                        | 'backend' serves h3 (QUIC, on a UDP port), which 'frontend' reaches only with 'backend-protocol: h3' (without it the URL's scheme chooses h2)",
            "protocol: h3       | backend-protocol: h2, backend-url: 'https://127.0.0.1:${backend.port}'                  | reaches only with 'backend-protocol: h3', not h2",
    })
    void aWireTheFrontendOrItsBackendCannotSpeakIsRefusedBeforeTheRun(String backend, String frontend, String expected) {
        SuiteException e = refused(SuiteValidatorTest.NO_URING, chain(backend, frontend.replace('\'', '"')));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(e.getMessage().startsWith("s.yaml:6:"), "at the frontend's knob: " + e.getMessage());
    }

    @Test
    void h3OnIoUringIsRefusedAskedForOrPickedByNative() {
        String h3 = "backend-url: \"https://127.0.0.1:${backend.port}\", backend-protocol: h3";
        SuiteException asked = refused(URING, chain("protocol: h3", h3 + ", transport: io_uring"));
        assertTrue(asked.getMessage().contains("'backend-protocol: h3' of 'frontend' does not work on io_uring (transport "
                + "io_uring): Reactor Netty's HTTP/3 client opens its QUIC connection there and never gets an answer; "
                + "give 'frontend' transport: epoll (or nio)"), asked.getMessage());
        SuiteException picked = refused(URING, chain("protocol: h3", h3));
        assertTrue(picked.getMessage().contains("(transport native picks io_uring on this machine)"), picked.getMessage());
        // where io_uring does not load, native is epoll or nio: accepted, as H3ProxyRunTest's epoll frontend is
        new SuiteValidator(TargetRegistry.builtIn(), SuiteValidatorTest.NO_URING).validate(Suite.parse("s.yaml",
                chain("protocol: h3", h3)));
        new SuiteValidator(TargetRegistry.builtIn(), URING).validate(Suite.parse("s.yaml",
                chain("protocol: h3", h3 + ", transport: epoll")));
        // the wires as before: the URL's scheme alone, or a protocol that agrees with it
        new SuiteValidator(TargetRegistry.builtIn(), URING).validate(Suite.parse("s.yaml",
                chain("protocol: h2c", "backend-url: \"http://127.0.0.1:${backend.port}\"")));
        new SuiteValidator(TargetRegistry.builtIn(), URING).validate(Suite.parse("s.yaml",
                chain("protocol: h2", "backend-url: \"https://127.0.0.1:${backend.port}\", backend-protocol: h2")));
    }

    private static String loaderChain(String backend, String loader) {
        return """
                targets:
                  loader:
                    entry: client
                    processes:
                      backend: {target: reactor-netty, knobs: {BACK}}
                      client: {target: httpclient-loader, knobs: {LOAD}}
                scenarios: {a: {path: /get}}
                load: {connections: 4}
                """.replace("BACK", backend).replace("LOAD", loader);
    }

    /** The loader's backend-protocol, by the same rules: one rule set, checked for whichever target has the knob. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "protocol: h3  | backend-protocol: h3, backend-url: 'http://127.0.0.1:${backend.port}'  | 'backend-protocol: h3' of 'client' goes over TLS, so its 'backend-url' is an https:// URL",
            "protocol: h2c | backend-protocol: h3, backend-url: 'https://127.0.0.1:${backend.port}' | 'backend-protocol: h3' of 'client' needs a backend serving HTTP/3 on its UDP port, and 'backend' serves h2c",
            "protocol: h3  | backend-url: 'https://127.0.0.1:${backend.port}'                       | 'backend' serves h3 (QUIC, on a UDP port), which 'client' reaches only with 'backend-protocol: h3'",
    })
    void aWireTheLoaderOrItsBackendCannotSpeakIsRefusedBeforeTheRun(String backend, String loader, String expected) {
        SuiteException e = refused(URING, loaderChain(backend, loader.replace('\'', '"')));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(e.getMessage().startsWith("s.yaml:6:"), "at the loader's knob: " + e.getMessage());
    }

    /** The loader has no transport knob and takes epoll for h3 itself, so a machine with io_uring does not refuse it. */
    @Test
    void anH3LoaderIsAcceptedWhereIoUringWorks() {
        new SuiteValidator(TargetRegistry.builtIn(), URING).validate(Suite.parse("s.yaml", loaderChain("protocol: h3",
                "backend-url: \"https://127.0.0.1:${backend.port}\", backend-protocol: h3")));
    }
}
