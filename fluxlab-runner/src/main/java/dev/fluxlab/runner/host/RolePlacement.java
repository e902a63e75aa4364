package dev.fluxlab.runner.host;

/**
 * Where one role (a target process or an injector) runs: a host name as the suite names it ({@code local} for the
 * runner's machine) and its CPU list there, null for "any CPU of that host".
 */
public record RolePlacement(String role, String host, CpuList cpus) {
}
