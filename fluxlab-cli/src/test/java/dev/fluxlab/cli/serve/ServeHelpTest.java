package dev.fluxlab.cli.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.cli.Main;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code fluxlab serve <target> --help} reads as whole sentences at picocli's width (80 columns). picocli starts a
 * new line for every element of a description and wraps each at the width, so an element that is one line of a
 * hand-broken paragraph ends up cut mid-sentence; and it may break a line after a dot inside a word
 * ({@code http1.} / {@code 1}). Each element must be a whole paragraph, or an indented example that fits a line,
 * and no rendered line may end inside a dotted word.
 */
class ServeHelpTest {

    private static final Pattern CUT_AFTER_DOT = Pattern.compile("[\\w(]\\.\\R\\s*[a-z0-9(]");

    @Test
    void everyServeHelpIsWholeSentences() {
        CommandLine serve = Main.commandLine().getSubcommands().get("serve");
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, CommandLine> c : serve.getSubcommands().entrySet()) {
            CommandLine.Model.CommandSpec spec = c.getValue().getCommandSpec();
            int width = spec.usageMessage().width();
            for (String element : spec.usageMessage().description()) {
                if (element.startsWith(" ")) {
                    if (element.length() > width) {
                        problems.add(c.getKey() + ": example wider than " + width + " columns: " + element);
                    }
                } else if (!element.matches("(?s).*[.:]$")) {
                    problems.add(c.getKey() + ": a description line that is not a whole paragraph: " + element);
                }
            }
            String help = c.getValue().getUsageMessage(CommandLine.Help.Ansi.OFF);
            Matcher cut = CUT_AFTER_DOT.matcher(help);
            while (cut.find()) {
                problems.add(c.getKey() + ": a line ends inside a dotted word: "
                        + help.substring(Math.max(0, cut.start() - 30), Math.min(help.length(), cut.end() + 10)));
            }
        }
        assertTrue(serve.getSubcommands().size() >= 7, serve.getSubcommands().keySet().toString());
        assertEquals(List.of(), problems);
    }
}
