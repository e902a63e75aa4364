package dev.fluxlab.report;

/**
 * The input of a report or a comparison cannot be used (no results.json, unreadable file, unknown schema).
 * The message names the problem and the fix; the command line turns it into exit code 2.
 */
public final class ReportInputException extends Exception {

    public ReportInputException(String message) {
        super(message);
    }

    public ReportInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
