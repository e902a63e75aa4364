package dev.fluxlab.targets.spring;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.StackVersions;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * What the Spring WebFlux launchers share, on Boot 4.0 and on Boot 3.5 alike (fluxlab-targets-spring-boot3 compiles
 * this file too): the {@link SpringApplication} of {@link WebfluxApplication} with the lab's properties and the
 * application part of the readiness line (the priming request is {@link ReactorNettyPrime} here) (the run loop is
 * {@link dev.fluxlab.targets.spring.launch.ServeLoop}, shared with every Spring target).
 */
public final class SpringLaunch {

    /** The property that selects the server configuration ({@code netty} or {@code undertow}). */
    public static final String SERVER_PROPERTY = "fluxlab.server";

    private SpringLaunch() {
    }

    /**
     * Checks that this classpath runs the Spring Boot line {@code stack} names ({@code boot-3.5}: a 3.5.x release;
     * null: any), read from Boot's own jar.
     *
     * @throws IllegalArgumentException naming both when it runs another line
     */
    public static void requireStack(String stack) {
        String loaded = SpringBootVersion.getVersion();
        if (stack != null && !loaded.startsWith(stack.substring("boot-".length()) + ".")) {
            throw new IllegalArgumentException("--stack " + stack + " was asked for, but this classpath runs Spring Boot "
                    + loaded + "; each Boot line runs from its own classpath, which 'fluxlab run' picks from the knob "
                    + "(targets.yaml)");
        }
    }

    /**
     * The application for {@code server} ({@code netty}/{@code undertow}); {@code serverProperties} adds to (or
     * overrides) the lab's properties, {@code singletons} registers the launcher's objects (options, server header,
     * ...) before the context refreshes.
     */
    public static SpringApplication application(String server, WebfluxOptions options, Map<String, Object> serverProperties,
                                         Consumer<ConfigurableApplicationContext> singletons) {
        SpringApplication app = new SpringApplication(WebfluxApplication.class);
        app.setWebApplicationType(WebApplicationType.REACTIVE);
        app.setBannerMode(Banner.Mode.OFF);
        app.setLogStartupInfo(false);
        app.setRegisterShutdownHook(true);
        Map<String, Object> props = new LinkedHashMap<>();
        props.put(SERVER_PROPERTY, server);
        props.put("server.address", options.host());
        props.put("server.port", options.port());
        props.put("spring.threads.virtual.enabled", options.virtualThreads());
        // keep Boot's applicationTaskExecutor although the app defines its own executors: with virtual threads it
        // is the executor WebFlux runs blocking (non-reactive) handler methods on
        props.put("spring.task.execution.mode", "force");
        props.put("spring.main.lazy-initialization", false);
        props.put("spring.jmx.enabled", false);
        props.put("logging.level.root", "WARN");
        // a failed start is reported in one line by the launcher (busy port, unavailable transport...)
        props.put("logging.level.org.springframework.boot.SpringApplication", "OFF");
        props.put("logging.level.org.springframework.boot.diagnostics", "OFF");
        props.putAll(serverProperties);
        app.setDefaultProperties(props);
        app.addInitializers(ctx -> {
            ctx.getBeanFactory().registerSingleton("webfluxOptions", options);
            ctx.getBeanFactory().registerSingleton("stressConfig", options.stressConfig());
            singletons.accept(ctx);
        });
        return app;
    }

    /**
     * The application part of the readiness line: framework and Boot version, then what explains the blocking
     * endpoints' throughput (the sleep, boundedElastic's cap, the {@code @Async} pool, commonPool's parallelism and
     * where WebFlux runs non-reactive handler methods: {@code platformExecution} (where the server calls the
     * handler), or {@code virtual} with virtual threads on).
     */
    public static Map<String, Object> applicationAttributes(WebfluxOptions options, String platformExecution) {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put(Readiness.FRAMEWORK, "spring-webflux");
        a.put(StackVersions.SPRING_BOOT, SpringBootVersion.getVersion());
        a.putAll(options.stressConfig().readinessAttributes(options.virtualThreads() ? "virtual" : platformExecution,
                Schedulers.DEFAULT_BOUNDED_ELASTIC_SIZE));
        a.put(Readiness.ELASTIC_THREADS, elasticOnVirtualThreads() ? "virtual" : "platform");
        a.put(Readiness.PRIMED, options.prime());
        return a;
    }

    /** Whether boundedElastic runs its tasks on virtual threads (Boot switches it with virtual threads on). */
    public static boolean elasticOnVirtualThreads() {
        return Boolean.TRUE.equals(Mono.fromCallable(() -> Thread.currentThread().isVirtual())
                .subscribeOn(Schedulers.boundedElastic()).block(Duration.ofSeconds(10)));
    }

    /** {@code Readiness.line} of {@code head} followed by {@code tail}. */
    public static String readiness(Map<String, Object> head, Map<String, Object> tail) {
        Map<String, Object> a = new LinkedHashMap<>(head);
        a.putAll(tail);
        return Readiness.line(a);
    }
}
