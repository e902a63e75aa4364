/**
 * Transport choice and event loops on plain Netty, for every target that runs on Netty. Compiled once, against Netty
 * 4.2; what differs on Netty 4.1 (Reactor Netty 1.2, Spring Boot 3.5) is one adapter,
 * {@link dev.fluxlab.targets.common.transport.NettyLine}, which the runtime classpath picks: the rest of the package
 * (and of every module above it) is the same bytecode on both lines.
 */
package dev.fluxlab.targets.common.transport;
