package dev.fluxlab.cli;

import dev.fluxlab.options.OptionValues;
import dev.fluxlab.options.ShortErrors;

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
        CommandLine.ParameterException e = parsing(argv);
        if (e == null) {
            return null;
        }
        StringWriter err = new StringWriter();
        e.getCommandLine().setErr(new PrintWriter(err, true));
        assertEquals(2, ShortErrors.handle(e, argv), err.toString());
        return err.toString();
    }

    /**
     * One command line for every parse: building one takes tens of milliseconds, and these tests parse thousands of
     * command lines; picocli resets every option to its initial value at the start of each parse.
     */
    private static final CommandLine SHARED = Main.commandLine();

    /** Why parsing {@code argv} failed; null when it parses. */
    private static CommandLine.ParameterException parsing(String... argv) {
        try {
            SHARED.parseArgs(argv);
            return null;
        } catch (CommandLine.ParameterException e) {
            return e;
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

    /**
     * The options whose value is free text at parsing: globs, headers and such, read later by the
     * command. Every other option taking a word has a fixed list of names, which {@link
     * #everyOptionWithAListOfNamesRefusesAnUnknownOneInOneFrame} holds to one frame; an option added later is one or
     * the other, so this list says which.
     */
    private static final Set<String> FREE_TEXT = Set.of(
            "run --set", "load --header", "load --expect-body", "load --expect-content-type",
            "history SUITE", "history --cell", "history --figure", "compare --fail-on-regression",
            "serve reactor-netty --reactor-netty-version", "serve reactor-netty --netty-version",
            "serve reactor-netty --reactor-core-version", "serve frontend --reactor-netty-version",
            "serve frontend --netty-version", "serve frontend --reactor-core-version",
            "serve httpclient-loader --reactor-netty-version", "serve httpclient-loader --netty-version",
            "serve httpclient-loader --reactor-core-version",
            "serve httpclient-loader --path",
            "serve httpclient-loader --content-type", "serve httpclient-loader --expect-body",
            // a word that is none of serve's sub-commands, refused when serve runs (ServeCommandTest)
            "serve TARGET");

    private static boolean takesAWord(ArgSpec arg) {
        Class<?> t = arg.auxiliaryTypes()[arg.auxiliaryTypes().length - 1];
        return arg.arity().max() > 0 && !isPath(arg) && !isDuration(arg) && t != boolean.class && t != Boolean.class
                && !Number.class.isAssignableFrom(t) && !(t.isPrimitive());
    }

    /**
     * Every option whose value is one of a list of names refuses another in one frame, naming the option, the value
     * and the accepted names on one line ({@code fluxlab serve netty: --transport: unknown transport 'bogus';
     * accepted: ...}): picocli's frame ('Invalid value for option ...'), the lab's line alone and a hand-built list
     * each answered some of them.
     */
    @Test
    void everyOptionWithAListOfNamesRefusesAnUnknownOneInOneFrame() {
        Set<String> lists = new TreeSet<>();
        Set<String> free = new TreeSet<>();
        eachArg((command, arg) -> {
            if (!takesAWord(arg)) {
                return;
            }
            String where = String.join(" ", command) + " " + OptionValues.name(arg);
            CommandLine.ParameterException e = parsing(giving(command, arg, "bogus"));
            if (e == null || !(e.getCause() instanceof OptionValues.Refused)) {
                free.add(where); // taken, or refused by a check of its own
                return;
            }
            String err = refusal(giving(command, arg, "bogus"));
            String frame = "fluxlab " + String.join(" ", command) + ": " + OptionValues.name(arg) + ": ";
            assertTrue(err.startsWith(frame) && err.endsWith("\n") && err.lines().count() == 1, where + ": " + err);
            // PAUSE@EVERY, a loopback address and a URL are no lists (everyHostOptionRefusesInTheFrame, ...Url...)
            if (!where.equals("serve reactor-netty --stall") && !where.endsWith(" --host") && !isUrl(arg)) {
                assertTrue(err.matches(java.util.regex.Pattern.quote(frame) + "unknown [a-z -]+ 'bogus'; accepted: "
                        + "[A-Za-z0-9.+_, -]+( \\(.*\\))?\\n"), where + ": " + err);
                lists.add(where);
            }
        });
        assertEquals(FREE_TEXT, free, "free text at parsing: every other option that takes a word has a list");
        assertTrue(lists.containsAll(List.of("run --profile", "load --transport", "load --protocol", "load --method",
                "load --progress", "serve reactor-netty --protocol", "serve reactor-netty --transport",
                "serve reactor-netty --allocator", "serve reactor-netty --virtual-scheduler",
                "serve reactor-netty --leak-detection", "serve netty --protocol", "serve netty --transport",
                "serve undertow --protocol", "serve frontend --client-mode", "serve frontend --leak-detection",
                "serve httpclient-loader --scenario", "serve httpclient-loader --method",
                "serve httpclient-loader --progress", "serve mock-api --transport", "serve fan-out --strategy")),
                lists.toString());
    }

    /**
     * Every comma-separated option refuses an empty item as such, wherever it is: picocli dropped a trailing one
     * ({@code run --profile=cpu,} ran as {@code cpu}) and gave the others to the item's own check.
     */
    @Test
    void everyCommaSeparatedOptionRefusesAnEmptyItem() {
        Set<String> checked = new TreeSet<>();
        eachArg((command, arg) -> {
            if (arg.splitRegex().isEmpty()) {
                return;
            }
            String name = OptionValues.name(arg);
            String item = arg.auxiliaryTypes()[0] == String.class ? "cpu" : "1";
            for (String value : List.of(item + ",", "," + item, item + ",," + item, item + ", ")) {
                String err = refusal(giving(command, arg, value));
                assertEquals("fluxlab " + String.join(" ", command) + ": " + name + ": '" + value + "' has an empty "
                        + "item (a comma too many); separate the items by single commas", String.valueOf(err).strip());
            }
            CommandLine.ParameterException two = parsing(giving(command, arg, item + "," + item));
            assertTrue(two == null || !(two.getCause() instanceof OptionValues.Refused), name + " takes two items");
            checked.add(String.join(" ", command) + " " + name);
        });
        assertEquals(Set.of("run --profile", "load --warmup-watch-pid"), checked);
    }

    /**
     * Every fractional number option reads digits with an optional fraction only, as compare's and a suite's
     * percentages do ({@link dev.fluxlab.model.Decimals}): Java's syntax read {@code load --rate 0x1p10} as 1024 and
     * took {@code 5d}, {@code 1e3}, NaN and Infinity.
     */
    @Test
    void everyFractionalNumberOptionReadsDecimalDigitsOnly() {
        Set<String> checked = new TreeSet<>();
        eachArg((command, arg) -> {
            Class<?> t = arg.auxiliaryTypes()[0];
            if (t != Double.class && t != double.class && t != Float.class && t != float.class) {
                return;
            }
            String name = OptionValues.name(arg);
            for (String value : List.of("0x1p10", "5d", "1e3", "NaN", "Infinity", "2,5")) {
                String err = refusal(giving(command, arg, value));
                assertNotNull(err, name + " took " + value);
                assertTrue(err.startsWith("fluxlab " + String.join(" ", command) + ": " + name + ": '" + value
                        + "' is not a"), err);
            }
            for (String value : List.of("2.5", "1000", ".5")) {
                CommandLine.ParameterException e = parsing(giving(command, arg, value));
                assertTrue(e == null || e.getArgSpec() != arg, name + " refused " + value + ": " + e);
            }
            checked.add(String.join(" ", command) + " " + name);
        });
        assertTrue(checked.containsAll(List.of("load --rate", "load --precision")), checked.toString());
    }

    /**
     * Every whole-number option reads ASCII digits with an optional minus only, and says so in the one frame: Java's
     * reading took {@code +16} and other scripts' digits ({@code \u0661\u0666} as 16), and picocli refused the rest in its
     * own frame with a pointer to the help.
     */
    @Test
    void everyWholeNumberOptionReadsDigitsOnlyInOneFrame() {
        Set<String> checked = new TreeSet<>();
        eachArg((command, arg) -> {
            Class<?> t = arg.auxiliaryTypes()[0];
            if (t != Integer.class && t != int.class && t != Long.class && t != long.class) {
                return;
            }
            String name = OptionValues.name(arg);
            for (String value : List.of("many", "+16", "\u0661\u0666", "16.0", "1e3", "0x10", "99999999999999999999")) {
                String err = refusal(giving(command, arg, value));
                assertNotNull(err, name + " took " + value);
                assertTrue(err.startsWith("fluxlab " + String.join(" ", command) + ": " + name + ": '" + value + "' is "),
                        err);
                assertEquals(1, err.lines().count(), err);
            }
            CommandLine.ParameterException e = parsing(giving(command, arg, "16"));
            assertTrue(e == null || e.getArgSpec() != arg, name + " refused 16: " + e);
            checked.add(String.join(" ", command) + " " + name);
        });
        assertTrue(checked.containsAll(List.of("load --connections", "load --requests", "serve reactor-netty --workers")),
                checked.toString());
    }

    private static boolean isDuration(ArgSpec arg) {
        return arg.type() == java.time.Duration.class || arg.converters().length > 0
                && (arg.converters()[0] instanceof OptionValues.DurationAtLeast
                || arg.converters()[0] instanceof OptionValues.DurationOrWord);
    }

    /**
     * Every duration option reads the lab's one duration rule ({@link dev.fluxlab.model.Durations}) when the command
     * line is read, and refuses another value in the one frame: durations were text until the command ran, refused
     * under {@code fluxlab:} in wordings of each command's own, after a server had been configured.
     */
    @Test
    void everyDurationOptionReadsTheOneRuleInOneFrame() {
        Set<String> checked = new TreeSet<>();
        eachArg((command, arg) -> {
            if (!isDuration(arg)) {
                return;
            }
            String name = OptionValues.name(arg);
            String frame = "fluxlab " + String.join(" ", command) + ": " + name + ": ";
            for (String value : List.of("10parsecs", "-1s", "", "PT1S", "10", "99999999999h", "1,5s")) {
                String err = refusal(giving(command, arg, value));
                assertNotNull(err, command + " " + name + " took '" + value + "'");
                assertTrue(err.startsWith(frame) && err.lines().count() == 1, err);
                assertTrue(err.contains(value.isEmpty() ? "empty duration" : "'" + value + "'"), err);
            }
            for (String value : List.of("10s", "1500ms", "2m")) {
                CommandLine.ParameterException e = parsing(giving(command, arg, value));
                assertTrue(e == null || e.getArgSpec() != arg, name + " refused " + value + ": " + e);
            }
            checked.add(String.join(" ", command) + " " + name);
        });
        assertEquals(new TreeSet<>(Set.of("load --duration", "load --max-duration", "load --warmup",
                "load --warmup-max", "load --warmup-min", "load --timeout", "serve reactor-netty --sleep",
                "serve frontend --acquire-timeout", "serve frontend --backend-timeout",
                "serve httpclient-loader --acquire-timeout", "serve httpclient-loader --warmup",
                "serve httpclient-loader --warmup-max", "serve httpclient-loader --warmup-min",
                "serve httpclient-loader --duration", "serve httpclient-loader --timeout", "serve mock-api --delay",
                "serve fan-out --backend-delay", "serve fan-out --request-cpu")), checked);
    }

    /** A duration option with a bound of its own says it in the frame, as the command would have later. */
    @Test
    void aDurationBelowItsOptionsBoundIsRefusedInTheFrame() {
        assertEquals("fluxlab load: --duration: '50ms' must be at least 100ms (a shorter window measures neither a "
                + "rate nor the injector's CPU), e.g. 10s", refusal("load", "http://127.0.0.1:1/", "-d", "50ms").strip());
        assertEquals("fluxlab load: --timeout: '0' must be at least 1ms, e.g. 10s",
                refusal("load", "http://127.0.0.1:1/", "--timeout", "0").strip());
        assertEquals("fluxlab load: --max-duration: '0' must be more than 0, e.g. 10s",
                refusal("load", "http://127.0.0.1:1/", "--max-duration", "0").strip());
        assertEquals("fluxlab load: --warmup: invalid duration 'sometimes'; expected a number with a unit (ns, us, "
                + "ms, s, m, h), e.g. 10s, 500ms, 1.5s, 2m, or auto",
                refusal("load", "http://127.0.0.1:1/", "--warmup", "sometimes").strip());
        assertEquals(null, refusal("load", "http://127.0.0.1:1/", "--warmup", " AUTO "));
    }

    /**
     * Every {@code --host} refuses an address the lab does not bind, and an empty one, in the one frame: they were
     * refused under {@code fluxlab:} with a pointer to the help, and an empty host was read as the loopback address.
     */
    @Test
    void everyHostOptionRefusesInTheFrame() {
        Set<String> checked = new TreeSet<>();
        eachArg((command, arg) -> {
            if (!OptionValues.name(arg).equals("--host")) {
                return;
            }
            String frame = "fluxlab " + String.join(" ", command) + ": --host: ";
            assertEquals(frame + "'192.0.2.1' is not a loopback address; the lab binds loopback only (127.0.0.1 or ::1)",
                    String.valueOf(refusal(giving(command, arg, "192.0.2.1"))).strip());
            assertEquals(frame + "an empty host; give a loopback address such as 127.0.0.1 or ::1",
                    String.valueOf(refusal(giving(command, arg, ""))).strip());
            for (String value : List.of("127.0.0.1", "::1", "[::1]", "127.0.0.2")) {
                CommandLine.ParameterException e = parsing(giving(command, arg, value));
                assertTrue(e == null || e.getArgSpec() != arg, command + " --host refused " + value + ": " + e);
            }
            checked.add(String.join(" ", command));
        });
        assertTrue(checked.containsAll(List.of("serve reactor-netty", "serve netty", "serve undertow",
                "serve frontend", "serve mock-api", "serve fan-out")), checked.toString());
    }

    private static boolean isUrl(ArgSpec arg) {
        return OptionValues.name(arg).equals("URL") || OptionValues.name(arg).equals("--backend-url");
    }

    /**
     * Every URL option refuses a value that is no http or https URL with a host in the one frame, as the command line
     * is read: they were text until the command ran, refused under {@code fluxlab:} (a backend's in Java's words,
     * 'Illegal character in authority at index 7').
     */
    @Test
    void everyUrlOptionRefusesANonUrlInTheFrame() {
        Set<String> checked = new TreeSet<>();
        eachArg((command, arg) -> {
            if (!isUrl(arg)) {
                return;
            }
            String frame = "fluxlab " + String.join(" ", command) + ": " + OptionValues.name(arg) + ": ";
            for (String value : List.of("bogus", "ftp://127.0.0.1:8081/", "http://a b/", "http:///x", "")) {
                String err = refusal(giving(command, arg, value));
                assertNotNull(err, command + " " + OptionValues.name(arg) + " took '" + value + "'");
                assertTrue(err.startsWith(frame) && err.contains("'" + value + "'") && err.lines().count() == 1, err);
            }
            CommandLine.ParameterException e = parsing(giving(command, arg, "http://127.0.0.1:8081/"));
            assertTrue(e == null || e.getArgSpec() != arg, command + " refused a URL: " + e);
            checked.add(String.join(" ", command) + " " + OptionValues.name(arg));
        });
        assertEquals(Set.of("load URL", "serve frontend --backend-url", "serve httpclient-loader --backend-url",
                "serve fan-out --backend-url"), checked);
    }

    /** What a runner passes fluxlab load is read back as it meant it: no 1.0E-4 the rule above refuses. */
    @Test
    void numbersAreWrittenAsTheyAreRead() {
        for (double v : new double[]{0.0001, 1000, 2.5, 1e9, 12345678.5}) {
            assertEquals(v, dev.fluxlab.model.Decimals.parse(dev.fluxlab.model.Decimals.format(v)));
        }
        assertEquals("0.0001", dev.fluxlab.model.Decimals.format(0.0001));
        assertEquals("1000", dev.fluxlab.model.Decimals.format(1000));
    }
}
