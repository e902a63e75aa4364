package dev.fluxlab.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxlab.model.Json;

/**
 * The pieces of a self-contained chart page, for pages other than {@code report.html} (e.g. the history's trend
 * chart): the report's style sheet, its script-error box, Chart.js inlined from its WebJar, inline JSON data, all
 * made safe to sit inside {@code <script>} the same way {@link HtmlReport} does. No page built from these loads
 * anything from the network.
 */
public final class ChartAssets {

    private static final ObjectMapper DATA = ScriptSafeJson.mapper(Json.mapper());

    private ChartAssets() {
    }

    /** The report's style sheet (without the {@code <style>} element). */
    public static String css() {
        return read("/dev/fluxlab/report/report.css");
    }

    /** A {@code <script>} element that shows any script failure in the page's {@code #js-errors} box. */
    public static String errorsScript() {
        return script(read("/dev/fluxlab/report/errors.js"));
    }

    /** Chart.js as an inline {@code <script>} element. */
    public static String chartJsScript() {
        return script(HtmlReport.chartJs());
    }

    /**
     * What every fluxlab chart page shares, after Chart.js: its defaults, and {@code data-charts-drawn} /
     * {@code data-charts-ready} on {@code <body>} (the page announces {@code data-charts-expected}).
     */
    public static String chartsScript() {
        return script(read("/dev/fluxlab/report/charts.js"));
    }

    /** The Chart.js release that is inlined, for the page's footer. */
    public static String chartJsVersion() {
        return HtmlReport.chartJsVersion();
    }

    /**
     * {@code data} written as JSON ({@link Json#mapper()}'s settings) in an inline {@code <script type="application/json">}
     * element with the given id, escaped by {@link ScriptSafeJson} as report.html's data is: the text stays JSON that
     * parses to the same strings. Escaping the JSON as script code had written {@code <!--} in a label as
     * {@code <\!--}, which is no JSON, and the trend chart drew nothing.
     */
    public static String dataScript(String id, Object data) {
        return "<script type=\"application/json\" id=\"" + HtmlReport.esc(id) + "\">" + ScriptSafeJson.write(DATA, data)
                + "</script>\n";
    }

    /** {@code js} as an inline {@code <script>} element. */
    public static String script(String js) {
        return "<script>\n" + HtmlReport.scriptSafe(js) + "\n</script>\n";
    }

    /** A text resource on the classpath by its absolute path, e.g. {@code /dev/fluxlab/history/trend.js}. */
    public static String read(String path) {
        return HtmlReport.read(path);
    }
}
