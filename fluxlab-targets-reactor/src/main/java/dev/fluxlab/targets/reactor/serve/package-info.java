/**
 * The Reactor Netty family's command line: {@code serve reactor-netty}, {@code frontend}, {@code fan-out},
 * {@code mock-api}, {@code httpclient-loader}, and the family's own program
 * {@link dev.fluxlab.targets.reactor.serve.ReactorServe}, which the runner starts on either Reactor Netty line.
 * {@code fluxlab serve} lists these same classes.
 */
package dev.fluxlab.targets.reactor.serve;
