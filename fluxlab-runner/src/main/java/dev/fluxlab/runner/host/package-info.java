/**
 * Hosts other than the runner's own machine, reached with the system's OpenSSH client: what a host is
 * ({@link dev.fluxlab.runner.host.HostSpec}), running and starting commands there over one reused connection
 * ({@link dev.fluxlab.runner.host.SshHost}), shipping fluxlab's jars ({@link dev.fluxlab.runner.host.JarShipper}),
 * the checks before any cell ({@link dev.fluxlab.runner.host.HostCheck}) and CPU placement on a host
 * ({@link dev.fluxlab.runner.host.CpuAffinity}; the lists themselves are {@link dev.fluxlab.model.placement.CpuList}). See docs/hosts.md.
 */
package dev.fluxlab.runner.host;
