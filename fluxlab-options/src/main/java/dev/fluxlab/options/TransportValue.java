package dev.fluxlab.options;

import dev.fluxlab.model.transport.Transport;

/**
 * {@code --transport} of a target's command ({@code native}, {@code io_uring}, {@code epoll}, {@code nio}), read as a
 * suite's transport knob is ({@link Transport#of}): the one converter of every target family's option.
 */
public final class TransportValue extends OptionValues.Parsing<Transport> {
    public TransportValue() {
        super(Transport::of);
    }
}
