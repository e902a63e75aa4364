package dev.fluxlab.runner.host;

/**
 * Turns the OpenSSH client's error output (BatchMode, strict host-key checking) into one line naming the host and
 * the fix, instead of a prompt or a page of ssh diagnostics.
 */
final class SshErrors {

    private SshErrors() {
    }

    static String explain(SshHost host, String stderr) {
        String e = stderr == null ? "" : stderr;
        String what = "host '" + host.name() + "': ";
        String tryIt = "; check that `" + host.manualCommand() + " true` works without a prompt";
        if (e.contains("Host key verification failed") || e.contains("REMOTE HOST IDENTIFICATION HAS CHANGED")
                || e.contains("No ED25519 host key is known") || e.contains("host key is known for")) {
            return what + "its host key is not in known_hosts (or changed): verify the key's fingerprint and add it "
                    + "(ssh-keyscan HOST >> ~/.ssh/known_hosts after checking it, or connect once by hand); fluxlab never"
                    + " accepts an unknown key" + tryIt;
        }
        if (e.contains("Permission denied")) {
            return what + "the login was refused (" + SshResult.firstLine(e) + "): put your key in the ssh agent or set "
                    + "IdentityFile for this host in the ssh config, and the public key in the host's authorized_keys"
                    + tryIt;
        }
        if (e.contains("Could not resolve hostname")) {
            return what + "the name does not resolve: use an address, or a Host alias defined in the ssh config"
                    + (host.spec().sshConfig() == null ? " (~/.ssh/config)" : " (" + host.spec().sshConfig() + ")");
        }
        if (e.contains("Connection refused") || e.contains("timed out") || e.contains("No route to host")
                || e.contains("Network is unreachable")) {
            return what + "no ssh server answers (" + SshResult.firstLine(e) + "): start sshd there or fix the address"
                    + "/port" + tryIt;
        }
        return what + "ssh failed (" + (e.isBlank() ? "no message" : SshResult.firstLine(e)) + ")" + tryIt;
    }
}
