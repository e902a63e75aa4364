package dev.fluxlab.cli;

import dev.fluxlab.model.Refusal;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The value rules of {@link OptionValues} hold for every option of every command: the tests walk picocli's model of
 * the whole {@code fluxlab} command line, so an option added later is held to them too. Each value is only parsed,
 * never run, and a refusal is printed by the installed handler as a user sees it.
 */
class OptionValuesTest {

    /** Every option and positional parameter of every command, with the words that reach the command. */
    private static void eachArg(BiConsumer<List<String>, ArgSpec> check) {
        walk(Main.commandLine(), new ArrayList<>(), check);
    }

    private static void walk(CommandLine c, List<String> path, BiConsumer<List<String>, ArgSpec> check) {
        c.getCommandSpec().args().forEach(arg -> check.accept(path, arg));
        c.getSubcommands().forEach((name, sub) -> {
            if (!name.equals("help") && sub.getCommandSpec().name().equals(name)) { // each once, not per alias
                List<String> deeper = new ArrayList<>(path);
                deeper.add(name);
                walk(sub, deeper, check);
            }
        });
    }

    /** The words that give {@code arg} the value {@code value}: {@code --opt=value}, or a parameter in its place. */
    static String[] giving(List<String> command, ArgSpec arg, String value) {
        List<String> argv = new ArrayList<>(command);
        if (arg instanceof OptionSpec o) {
            argv.add(o.longestName() + "=" + value);
        } else {
            PositionalParamSpec p = (PositionalParamSpec) arg;
            for (int i = 0; i < p.index().min(); i++) {
                argv.add("x" + i); // the parameters before it
            }
            argv.add(value);
        }
        return argv.toArray(String[]::new);
    }

    /** What the command line prints for {@code argv} when its parsing refuses it; null when it parses. */
    static String refusal(String... argv) {
        CommandLine cl = Main.commandLine();
        StringWriter err = new StringWriter();
        try {
            cl.parseArgs(argv);
            return null;
        } catch (CommandLine.ParameterException e) {
            e.getCommandLine().setErr(new PrintWriter(err, true));
            assertEquals(2, ShortErrors.handle(e, argv), err.toString());
            return err.toString();
        }
    }

    private static boolean isPath(ArgSpec arg) {
        return arg.type() == Path.class || Arrays.asList(arg.auxiliaryTypes()).contains(Path.class);
    }

    /**
     * Every path option and parameter refuses an empty path in the one wording, on one line naming it: an unset shell
     * variable ({@code fluxlab report "$RUN"}) would otherwise name the working directory.
     */
    @Test
    void everyPathOptionRefusesAnEmptyPath() {
        Set<String> checked = new TreeSet<>();
        eachArg((command, arg) -> {
            if (!isPath(arg)) {
                return;
            }
            String name = OptionValues.name(arg);
            String err = refusal(giving(command, arg, ""));
            assertNotNull(err, command + " " + name + " took an empty path");
            assertEquals("fluxlab " + String.join(" ", command) + ": " + Refusal.emptyPath(name), err.strip());
            checked.add(String.join(" ", command) + " " + name);
        });
        assertTrue(checked.containsAll(List.of("run --out", "run --resume", "run SUITE", "report DIR", "compare A",
                "compare B", "compare --md", "compare --profile-diff", "history --html", "history --results",
                "history --rebuild", "load --json", "load --hgrm", "load --body-file", "load --measure-gate",
                "serve httpclient-loader --body-file", "serve httpclient-loader --json")), checked.toString());
    }
}
