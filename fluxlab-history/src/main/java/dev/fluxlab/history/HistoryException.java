package dev.fluxlab.history;

/**
 * The history index cannot be used as asked (no index yet, a corrupt or foreign file, an unknown suite or figure, an
 * unreadable results folder). The message names the problem and the fix; the command line prints it without a stack
 * trace.
 */
public final class HistoryException extends Exception {

    public HistoryException(String message) {
        super(message);
    }

    public HistoryException(String message, Throwable cause) {
        super(message, cause);
    }
}
