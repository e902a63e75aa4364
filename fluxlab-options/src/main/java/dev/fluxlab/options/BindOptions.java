package dev.fluxlab.options;

import dev.fluxlab.model.LabAddresses;

import java.net.InetAddress;
import java.net.UnknownHostException;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --host} and {@code --port}, shared by every {@code serve} command that binds a server (a picocli
 * {@code @Mixin}): the same names, defaults and checks everywhere. Both are checked while the command line is parsed
 * (bad input, exit 2): the port must be 0..65535, the host a loopback address (the lab binds loopback only), each
 * refused in {@link OptionValues}' one frame ({@code fluxlab serve netty: --host: '192.0.2.1' is not
 * a loopback address; ...}).
 */
public final class BindOptions {

    /** The default host: IPv4 loopback. */
    public static final String DEFAULT_HOST = "127.0.0.1";

    @Spec(Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec mixee;

    private String host = DEFAULT_HOST;
    private int port;

    /** The address to bind. */
    public String host() {
        return host;
    }

    /** The port to bind, 0 for any free one. */
    public int port() {
        return port;
    }

    @Option(names = "--host", defaultValue = DEFAULT_HOST, paramLabel = "ADDR",
            description = "Loopback address to bind (default: ${DEFAULT-VALUE}).")
    void setHost(String value) {
        String h = value.startsWith("[") && value.endsWith("]") ? value.substring(1, value.length() - 1) : value;
        if (h.isBlank()) {
            // InetAddress reads an empty name as the loopback address, so it passed the check below
            throw bad("--host", value, "an empty host; give a loopback address such as 127.0.0.1 or ::1");
        }
        boolean loopback;
        try {
            loopback = LabAddresses.permits(InetAddress.getByName(h));
        } catch (UnknownHostException e) {
            throw bad("--host", value, "unknown host '" + value + "'; use a loopback address such as 127.0.0.1 or ::1");
        }
        if (!loopback) {
            throw bad("--host", value, "'" + value + "' is not a loopback address; the lab binds loopback only "
                    + "(127.0.0.1 or ::1)");
        }
        host = value;
    }

    @Option(names = "--port", defaultValue = "0", paramLabel = "PORT",
            description = "Port to bind; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    void setPort(int value) {
        if (value < 0 || value > 65535) {
            throw bad("--port", String.valueOf(value), "'" + value + "' is out of range; give 0..65535 (0 picks a "
                    + "free one)");
        }
        port = value;
    }

    /** A refusal of {@code option}'s {@code value}, printed in the one frame that names the option. */
    private CommandLine.ParameterException bad(String option, String value, String message) {
        return new CommandLine.ParameterException(mixee.commandLine(), message,
                new OptionValues.Refused(message), mixee.findOption(option), value);
    }
}
