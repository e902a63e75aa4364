package dev.fluxlab.targets.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.ReadinessAttributes;
import dev.fluxlab.model.StackVersions;
import dev.fluxlab.targets.spring.launch.StartFailure;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/**
 * webflux-netty compiled against Spring Boot 3.5 / Reactor Netty 1.2 / Netty 4.1: it serves, and its readiness line
 * names the releases this classpath really loaded (the module's pom passes them in); it refuses another Boot line
 * and io_uring.
 */
class WebfluxNettyBoot3Test {

    @Test
    void servesOnBoot35AndSaysWhichReleasesItLoaded() throws Exception {
        String boot = System.getProperty("fluxlab.expected.spring-boot");
        WebfluxNettyApplication.Started app = WebfluxNettyApplication.start(WebfluxOptions.parse(new String[]{
                "--port=0", "--workers=1", "--transport=nio", "--prime=true",
                "--stack=boot-" + boot.substring(0, boot.lastIndexOf('.'))}));
        try {
            ReadinessAttributes ready = Readiness.parse(app.readinessLine()).orElseThrow();
            assertEquals(boot, ready.get(StackVersions.SPRING_BOOT), app.readinessLine());
            assertEquals(System.getProperty("fluxlab.expected.reactor-netty"), ready.get(StackVersions.REACTOR_NETTY));
            assertEquals(System.getProperty("fluxlab.expected.netty"), ready.get(StackVersions.NETTY));
            assertEquals("nio", ready.get(Readiness.TRANSPORT));
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + app.port() + "/plaintext")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals("Hello, World!", r.body());
        } finally {
            app.close();
        }
    }

    @Test
    void anotherBootLineAndIoUringAreRefused() {
        IllegalArgumentException line = assertThrows(IllegalArgumentException.class, () ->
                WebfluxNettyApplication.start(WebfluxOptions.parse(new String[]{"--port=0", "--stack=boot-4.0"})));
        assertTrue(line.getMessage().contains("this classpath runs Spring Boot 3.5."), line.getMessage());
        StartFailure uring = assertThrows(StartFailure.class, () ->
                WebfluxNettyApplication.start(WebfluxOptions.parse(new String[]{"--port=0", "--transport=io_uring"})));
        assertTrue(uring.getMessage().contains("has no io_uring transport"), uring.getMessage());
    }
}
