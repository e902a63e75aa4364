/**
 * HTTP/3's precondition on this machine: whether Netty's native QUIC library loads ({@link
 * dev.fluxlab.targets.common.quic.QuicSupport}), asked by name so that this module carries no QUIC jar (the Netty 4.1
 * classpaths that share it have none), and the one refusal an h3 server gives when it does not.
 */
package dev.fluxlab.targets.common.quic;
