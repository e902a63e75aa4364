package dev.fluxlab.targets.mvc;

import dev.fluxlab.targets.common.http.JsonText;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * The HTTP contract every fluxlab target answers (docs/contracts.md, {@code TargetContractTest}) as annotated Spring
 * MVC handlers: {@code /plaintext}, {@code /json}, {@code /hello/{name}}, {@code /users/{user}/orders/{order}} (path
 * variables through MVC's {@code PathPattern} matching). Tomcat writes {@code Date}; {@code Server} is Boot's
 * {@code server.server-header}. JSON is written by hand: no JSON codec on this classpath, the bodies are fixed shapes.
 */
@RestController
public class ContractController {

    static final String PLAINTEXT = "Hello, World!";
    static final String JSON = "{\"message\":\"Hello, World!\"}";

    @GetMapping(path = "/plaintext", produces = MediaType.TEXT_PLAIN_VALUE)
    public String plaintext() {
        return PLAINTEXT;
    }

    @GetMapping(path = "/json", produces = MediaType.APPLICATION_JSON_VALUE)
    public String json() {
        return JSON;
    }

    @GetMapping(path = "/hello/{name}", produces = MediaType.TEXT_PLAIN_VALUE)
    public String hello(@PathVariable String name) {
        return "Hello, " + name + "!";
    }

    @GetMapping(path = "/users/{user}/orders/{order}", produces = MediaType.APPLICATION_JSON_VALUE)
    public String order(@PathVariable String user, @PathVariable String order) {
        return "{\"user\":\"" + JsonText.escape(user) + "\",\"order\":\"" + JsonText.escape(order) + "\"}";
    }
}
