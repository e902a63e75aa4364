package dev.fluxlab.targets.spring;

/**
 * The {@code Server} header value of a Spring target ({@code fluxlab-webflux-netty}, {@code fluxlab-webflux-undertow}):
 * the one thing the shared application needs to know about which server it runs on. Registered by the launcher.
 *
 * @param value the header value
 */
public record ServerHeader(String value) {
}
