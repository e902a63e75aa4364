package dev.fluxlab.model.run;

import java.util.Map;

/** Where a run happened: enough to tell two results folders apart and to reproduce one. */
public record Environment(
        String host,
        String os,
        String kernel,
        String arch,
        int cpus,
        double memoryGb,
        String jdk,
        String jdkVendor,
        String javaHome,
        String fluxlabVersion,
        Map<String, String> versions) {
}
