package dev.fluxlab.model.run;

import java.util.List;

/**
 * How a suite wants its end table laid out, like the seeds' tables: which knobs make the rows, which make the
 * columns, and which figure fills the cells ({@code throughput_rps} by default).
 */
public record TableSpec(String title, List<String> rows, List<String> columns, String value) {
}
