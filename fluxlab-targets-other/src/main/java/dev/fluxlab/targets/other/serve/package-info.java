/**
 * The raw Netty and plain Undertow family's command line: {@code serve netty}, {@code serve undertow}, and the
 * family's own program {@link dev.fluxlab.targets.other.serve.OtherServe}, which the runner starts.
 * {@code fluxlab serve} lists these same classes.
 */
package dev.fluxlab.targets.other.serve;
