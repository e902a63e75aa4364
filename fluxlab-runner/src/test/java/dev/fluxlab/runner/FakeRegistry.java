package dev.fluxlab.runner;

import dev.fluxlab.runner.registry.TargetRegistry;

import java.nio.file.Path;

/** TEST ONLY: a registry whose target and injector are the fake mains of the test sources. */
final class FakeRegistry {

    private FakeRegistry() {
    }

    static String yaml(Path pidDir) {
        return """
                injector:
                  main: dev.fluxlab.runner.fake.FakeInjector
                  jvm: [-Xshare:auto, -XX:TieredStopAtLevel=1]
                  args: [--pid-dir, "%s"]
                targets:
                  fake:
                    main: dev.fluxlab.runner.fake.FakeTarget
                    jvm: [-XX:TieredStopAtLevel=1]
                    args: ["--pid-dir=%s"]
                    knobs:
                      mode: {type: enum, values: [ok, crash, never-ready, oom, warn, stats], default: ok}
                      transport: {type: enum, values: [native, epoll, nio], default: native, check: transport}
                      workers: {type: int, min: 1, default: cores}
                      upstream: {type: text, pattern: "http://.*", example: "http://127.0.0.1:8080/", default: none}
                  fake-loader:
                    main: dev.fluxlab.runner.fake.FakeSelfLoader
                    jvm: [-XX:TieredStopAtLevel=1]
                    args: ["--pid-dir=%s"]
                    self_loading: true
                    knobs:
                      upstream: {type: text, pattern: "http://.*", example: "http://127.0.0.1:8080/", default: none}
                """.formatted(pidDir, pidDir, pidDir);
    }

    static TargetRegistry registry(Path pidDir) {
        return TargetRegistry.parse(yaml(pidDir));
    }
}
