package dev.fluxlab.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every command's {@code --help} renders without picocli's format warnings: a description is a format string, and a
 * bare {@code %} in it ("the 95% interval") printed three "[picocli WARN] Could not format" lines above
 * {@code fluxlab load --help}; and a parent's list of its sub-commands shows whole sentences.
 */
class HelpTextTest {

    @Test
    void everyUsageMessageRendersWithoutWarnings() {
        List<CommandLine> all = new ArrayList<>();
        collect(Main.commandLine(), all);
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        List<String> names = new ArrayList<>();
        try {
            for (CommandLine cl : all) {
                String usage = cl.getUsageMessage();
                assertFalse(usage.isBlank(), cl.getCommandName());
                names.add(cl.getCommandSpec().qualifiedName());
            }
        } finally {
            System.setErr(err);
        }
        assertEquals("", captured.toString(StandardCharsets.UTF_8), "usage messages of " + names);
    }

    /** Every command that lists {@code -V} prints the version with it (sub-commands printed nothing, exit 0). */
    @Test
    void everyCommandWithVersionOptionPrintsTheVersion() {
        List<CommandLine> all = new ArrayList<>();
        collect(Main.commandLine(), all);
        int checked = 0;
        for (CommandLine cl : all) {
            if (!cl.getCommandSpec().optionsMap().containsKey("-V")) {
                continue;
            }
            java.io.StringWriter out = new java.io.StringWriter();
            cl.printVersionHelp(new java.io.PrintWriter(out, true));
            assertTrue(out.toString().startsWith("fluxlab "), cl.getCommandSpec().qualifiedName() + ": '" + out + "'");
            checked++;
        }
        assertTrue(checked >= 8, "run, list, serve, load, agent, report, compare, history: " + checked);
    }

    /**
     * A parent's command list shows each sub-command's first description line (or its header) alone, so that line is
     * a whole sentence: {@code fluxlab serve --help} listed five targets ending in "When ready prints one line on
     * stdout:", the readiness line that followed it in their own help left out.
     */
    @Test
    void everyCommandListLineIsWholeOnItsOwn() {
        List<CommandLine> all = new ArrayList<>();
        collect(Main.commandLine(), all);
        List<String> dangling = new ArrayList<>();
        for (CommandLine cl : all) {
            CommandLine.Model.UsageMessageSpec usage = cl.getCommandSpec().usageMessage();
            String[] summary = usage.header().length > 0 ? usage.header() : usage.description();
            if (summary.length > 0 && summary[0].strip().endsWith(":")) {
                dangling.add(cl.getCommandSpec().qualifiedName() + ": " + summary[0]);
            }
        }
        assertEquals(List.of(), dangling);
    }

    /**
     * {@code fluxlab --help} lists the commands a user types: the runner's own children ({@code agent},
     * {@code load-session}) and {@code aot-train} stay out. {@code agent}'s four lines on its stdin protocol were the
     * longest entry of a newcomer's first screen.
     */
    @Test
    void theTopLevelHelpListsTheCommandsAUserTypes() {
        String usage = Main.commandLine().getUsageMessage();
        List<String> listed = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^  ([a-z-]+) ").matcher(
                usage.substring(usage.indexOf("Commands:")));
        while (m.find()) {
            listed.add(m.group(1));
        }
        assertEquals(List.of("run", "list", "serve", "load", "report", "compare", "history", "help"), listed, usage);
    }

    /**
     * {@code run --help}'s {@code --set} examples can be copied: each is one line. In the option's column picocli broke
     * them at their dots ("--set load." above "connections=1000").
     */
    @Test
    void runsSetExamplesAreWholeLines() {
        List<String> lines = Main.commandLine().getSubcommands().get("run").getUsageMessage().lines().toList();
        for (String example : List.of("--set measure=10s --set repeats=3", "--set load.connections=1000",
                "--set targets.webflux-netty.knobs.sleep=1s", "--set 'targets.webflux-netty.jvm.flags=[-Xms8G, -Xmx8G]'")) {
            assertTrue(lines.contains("  fluxlab run SUITE " + example), example + " in\n" + String.join("\n", lines));
        }
    }

    private static void collect(CommandLine cl, List<CommandLine> out) {
        out.add(cl);
        cl.getSubcommands().values().stream().distinct().forEach(c -> collect(c, out));
    }
}
