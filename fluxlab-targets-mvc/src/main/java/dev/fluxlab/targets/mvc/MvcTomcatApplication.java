package dev.fluxlab.targets.mvc;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.StackVersions;
import dev.fluxlab.targets.spring.launch.Http11Prime;
import dev.fluxlab.targets.spring.launch.ServeLoop;
import dev.fluxlab.targets.spring.launch.StartFailure;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The {@code mvc-tomcat} target: Spring MVC ({@link MvcApplication}) on Boot's embedded Tomcat, NIO connector,
 * thread-per-request: a request holds a Tomcat thread ({@code --max-threads}) from start to end unless its handler
 * goes async ({@code Callable}, {@code DeferredResult}, {@code CompletableFuture}), or a virtual thread with
 * {@code --virtual-threads=true}. Started by the runner from its own classpath ({@code fluxlab-targets-mvc/target/lib}).
 *
 * <p>Readiness: {@code fluxlab-ready port=.. protocol=.. transport=nio workers=<threads that can hold a request>
 * max-threads=.. accept-count=.. max-connections=.. framework=spring-mvc spring-boot=.. sleep-ms=..
 * blocking-execution=<tomcat-thread|virtual> ...}: {@code workers} is what a thread-per-request server's theory
 * needs (predicted req/s = workers / sleep for a blocking handler). Exit 0 on SIGTERM, 2 for bad input or a busy
 * port, 1 when it cannot run.
 */
public final class MvcTomcatApplication {

    static final String NAME = "fluxlab mvc-tomcat";
    static final String SERVER = "fluxlab-mvc-tomcat";

    private MvcTomcatApplication() {
    }

    public static void main(String[] args) {
        System.exit(ServeLoop.run(NAME, () -> start(MvcOptions.parse(args))));
    }

    /**
     * Starts the application with {@code options}.
     *
     * @throws StartFailure when Tomcat cannot start (busy port: exit 2; otherwise exit 1)
     */
    public static Started start(MvcOptions options) {
        SpringApplication app = new SpringApplication(MvcApplication.class);
        app.setWebApplicationType(WebApplicationType.SERVLET);
        app.setBannerMode(Banner.Mode.OFF);
        app.setLogStartupInfo(false);
        app.setRegisterShutdownHook(true);
        Map<String, Object> props = new LinkedHashMap<>(options.bootProperties());
        props.put("server.server-header", SERVER);
        // keep Boot's applicationTaskExecutor although the app defines its own executors: MVC runs Callable
        // handlers on it (virtual with virtual threads on)
        props.put("spring.task.execution.mode", "force");
        props.put("spring.jmx.enabled", false);
        // stop at once on SIGTERM: Boot's graceful shutdown waits for idle kept-alive connections to time out
        // (Tomcat's 20 s), and a cell's load is over when the runner stops its target
        props.put("server.shutdown", "immediate");
        props.put("logging.level.root", "WARN");
        props.put("logging.level.org.springframework.boot.SpringApplication", "OFF");
        props.put("logging.level.org.springframework.boot.diagnostics", "OFF");
        Path baseDir = TomcatBaseDir.create();
        props.put("server.tomcat.basedir", baseDir.toString());
        app.setDefaultProperties(props);
        app.addInitializers(ctx -> {
            ctx.getBeanFactory().registerSingleton("mvcOptions", options);
            ctx.getBeanFactory().registerSingleton("stressConfig", options.stress());
        });
        ConfigurableApplicationContext context;
        try {
            context = app.run();
        } catch (RuntimeException e) {
            TomcatBaseDir.delete(baseDir);
            throw StartFailure.of(e, options.port());
        }
        Started started = new Started(context, options, baseDir);
        // at exit (SIGTERM, the runner gone) close as Started.close does: Boot's own hook may be closing the context
        // already, and close() waits for it to finish before the base directory goes
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("fluxlab-tomcat-basedir").unstarted(started::close));
        Http11Prime.get(NAME, options.host(), started.port(), "/stress-benchmark-04");
        return started;
    }

    /**
     * A running application.
     *
     * @param context the Spring context (closing it stops Tomcat)
     * @param options the knobs
     * @param baseDir Tomcat's base directory, deleted when the application closes or the JVM exits
     */
    public record Started(ConfigurableApplicationContext context, MvcOptions options, Path baseDir)
            implements ServeLoop.Running {

        /** The bound port (Boot's {@code local.server.port}). */
        public int port() {
            return Integer.parseInt(context.getEnvironment().getProperty("local.server.port", "-1"));
        }

        @Override
        public String readinessLine() {
            Map<String, Object> a = new LinkedHashMap<>();
            a.put(Readiness.PORT, port());
            a.put(Readiness.PROTOCOL, options.protocol().label());
            a.put(Readiness.TRANSPORT, "nio");
            a.put(Readiness.WORKERS, options.maxThreads());
            a.put(Readiness.MAX_THREADS, options.maxThreads());
            a.put(Readiness.ACCEPT_COUNT, options.acceptCount());
            a.put(Readiness.MAX_CONNECTIONS, options.maxConnections());
            a.put(Readiness.MAX_KEEP_ALIVE_REQUESTS, options.maxKeepAliveRequests());
            a.put(Readiness.SERVER, "tomcat");
            a.put(Readiness.FRAMEWORK, "spring-mvc");
            a.put(StackVersions.SPRING_BOOT, SpringBootVersion.getVersion());
            Map<String, Object> stress = options.stress().readinessAttributes(
                    options.virtualThreads() ? "virtual" : "tomcat-thread", 0);
            stress.remove(Readiness.ELASTIC_CAP);   // no Reactor here
            a.putAll(stress);
            a.put(Readiness.STRATEGY, options.strategy());
            a.put(Readiness.COMPONENTS, options.components());
            if (options.backendDelay() != null) {
                a.put(Readiness.WAIT_MS, options.backendDelay().toMillis());
            }
            return Readiness.line(a);
        }

        @Override
        public void close() {
            context.close();
            TomcatBaseDir.delete(baseDir);
        }
    }
}
