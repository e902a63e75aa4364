package dev.fluxlab.runner;

import java.io.IOException;

/** A results folder is held by another run ({@link ResultsLock}); the message names the holder and what to do. */
public final class ResultsInUseException extends IOException {

    ResultsInUseException(String message) {
        super(message);
    }
}
