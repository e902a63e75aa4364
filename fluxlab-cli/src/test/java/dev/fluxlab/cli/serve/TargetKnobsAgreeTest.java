package dev.fluxlab.cli.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.cli.Main;
import dev.fluxlab.runner.registry.KnobDef;
import dev.fluxlab.runner.registry.LaunchDef;
import dev.fluxlab.runner.registry.TargetRegistry;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code targets.yaml} is the one declaration of every target knob; this test holds the other places to it. For
 * every target and knob: the target's command line accepts the flag, a literal default in the registry is the
 * target's own default (a described one, such as "OS default", means the target sets nothing; a stack knob's default
 * names the classpath the runner starts, which the target only verifies, so its option has no default), every value of an
 * {@code enum} knob parses and the values the registry leaves out are refused (or, for a picocli option whose target
 * refuses them after parsing, not offered by its help), and docs/contracts.md names the flag.
 *
 * <p>{@code serve <target>} commands are read through picocli's model; the Spring targets (own classpath, own strict
 * parser) are loaded from {@code fluxlab-targets-spring/target} and parsed for real.
 */
class TargetKnobsAgreeTest {

    private static final Path HOME = TargetRegistry.home();
    private static final TargetRegistry REGISTRY = TargetRegistry.builtIn();

    @Test
    void everyServeCommandOptionMatchesTheRegistry() {
        CommandLine serve = Main.commandLine().getSubcommands().get("serve");
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Map.Entry<String, LaunchDef> t : REGISTRY.targets().entrySet()) {
            List<String> args = servedArgs(t.getValue());
            if (args.size() < 2 || !args.get(0).equals("serve")) {
                continue;
            }
            CommandLine command = serve.getSubcommands().get(args.get(1));
            if (command == null) {
                problems.add(t.getKey() + ": no 'serve " + args.get(1) + "' command");
                continue;
            }
            for (Map.Entry<String, KnobDef> k : t.getValue().knobsOrEmpty().entrySet()) {
                checked++;
                String where = t.getKey() + " " + k.getValue().flagFor(k.getKey());
                OptionSpec option = command.getCommandSpec().findOption(k.getValue().flagFor(k.getKey()));
                if (option == null) {
                    problems.add(where + ": serve " + args.get(1) + " has no such option");
                    continue;
                }
                // a stack or resolved-build knob's default is the release the classpath carries: the option has none
                literalDefault(k.getValue())
                        .filter(d -> k.getValue().stacks() == null && k.getValue().resolve() == null).ifPresentOrElse(
                        d -> {
                            if (!d.equals(option.defaultValue())) {
                                problems.add(where + ": registry default '" + d + "', option default '"
                                        + option.defaultValue() + "'");
                            }
                        },
                        () -> {
                            if (option.defaultValue() != null) {
                                problems.add(where + ": registry says '" + k.getValue().defaultValue()
                                        + "', option has the literal default '" + option.defaultValue() + "'");
                            }
                        });
                List<String> accepted = "enum".equals(k.getValue().type()) ? k.getValue().values()
                        : List.of(literalDefault(k.getValue()).orElse(sample(k.getValue())));
                for (String v : accepted) {
                    String refusal = parsePicocli(command, t.getValue().knobsOrEmpty(), option.longestName() + "=" + v);
                    if (refusal != null) {
                        problems.add(where + "=" + v + ": refused: " + refusal);
                    }
                }
                if ("enum".equals(k.getValue().type())) {
                    String help = String.join(" ", option.description());
                    for (String v : universe(k.getKey())) {
                        boolean offered = k.getValue().values().contains(v);
                        if (offered != mentions(help, v)) {
                            problems.add(where + ": value '" + v + "' is " + (offered ? "" : "not ")
                                    + "in the registry but " + (offered ? "not " : "") + "in --help");
                        }
                    }
                }
            }
        }
        assertTrue(checked > 40, "only " + checked + " knobs checked");
        assertEquals(List.of(), problems);
    }

    /**
     * Parses {@code serve <command> <arg>} (picocli's types and converters), with the command's other required
     * options set to the registry's examples; the refusal, or null.
     */
    private static String parsePicocli(CommandLine command, Map<String, KnobDef> knobs, String arg) {
        List<String> args = new ArrayList<>(List.of("serve", command.getCommandName()));
        for (CommandLine.Model.ArgSpec required : command.getCommandSpec().requiredArgs()) {
            if (required instanceof OptionSpec o && !arg.startsWith(o.longestName() + "=")) {
                args.add(o.longestName() + "=" + sample(knobs.get(o.longestName().substring(2))));
            }
        }
        args.add(arg);
        try {
            Main.commandLine().parseArgs(args.toArray(String[]::new));
            return null;
        } catch (CommandLine.ParameterException e) {
            return e.getMessage();
        }
    }

    /**
     * The other way round: an option of {@code serve <target>} that a suite cannot set must be one the runner owns or
     * that has no meaning in a suite. {@code --fail-every} was documented as a knob and had no registry entry, so a
     * suite's {@code fail-every} was refused.
     */
    @Test
    void everyServeOptionIsAKnobOrTheRunnersOwn() {
        Set<String> runners = Set.of("--port", "--host", "--help", "--version", "-h", "-V");
        CommandLine serve = Main.commandLine().getSubcommands().get("serve");
        List<String> missing = new ArrayList<>();
        for (Map.Entry<String, LaunchDef> t : REGISTRY.targets().entrySet()) {
            List<String> args = servedArgs(t.getValue());
            if (args.size() < 2 || !args.get(0).equals("serve") || serve.getSubcommands().get(args.get(1)) == null
                    || t.getValue().isSelfLoading()) {
                continue; // a self-loading target's load options come from the suite's load profile and scenario
            }
            Set<String> flags = new java.util.HashSet<>();
            t.getValue().knobsOrEmpty().forEach((k, d) -> flags.add(d.flagFor(k)));
            args.stream().filter(a -> a.startsWith("--")).forEach(a -> flags.add(a.split("=", 2)[0]));
            for (OptionSpec o : serve.getSubcommands().get(args.get(1)).getCommandSpec().options()) {
                if (java.util.Arrays.stream(o.names()).noneMatch(n -> flags.contains(n) || runners.contains(n))) {
                    missing.add(t.getKey() + " " + o.longestName());
                }
            }
        }
        assertEquals(List.of(), missing, "serve options a suite cannot set: make each a registry knob, or say here "
                + "why the runner owns it");
    }

    /**
     * A target's arguments as {@code fluxlab serve} takes them: the registry starts a family's own program
     * ({@code ReactorServe}, {@code OtherServe}) with {@code <target> <options>}, which is {@code serve <target>
     * <options>} on the fluxlab command; other targets' arguments as they are.
     */
    private static List<String> servedArgs(LaunchDef target) {
        List<String> args = target.argsOrEmpty();
        if (FAMILY_PROGRAMS.contains(target.main())) {
            List<String> served = new ArrayList<>(List.of("serve"));
            served.addAll(args);
            return served;
        }
        return args;
    }

    /** The programs of the target families whose commands {@code fluxlab serve} lists. */
    private static final Set<String> FAMILY_PROGRAMS = Set.of(
            dev.fluxlab.targets.reactor.serve.ReactorServe.class.getName(),
            dev.fluxlab.targets.other.serve.OtherServe.class.getName());

    @Test
    void theSpringTargetsParseEveryRegistryKnobAsTheRegistrySays() throws Exception {
        List<String> problems = new ArrayList<>();
        try (URLClassLoader loader = moduleLoader("fluxlab-targets-spring")) {
            checkParser("webflux-netty", parser(loader, "dev.fluxlab.targets.spring.WebfluxOptions"), problems);
            checkParser("webflux-undertow", parser(loader, "dev.fluxlab.targets.spring.UndertowKnobs"), problems);
            checkParser("webflux-fan-out", parser(loader, "dev.fluxlab.targets.spring.boot4.FanOutKnobs"), problems,
                    "--backend-url=http://127.0.0.1:1");
        }
        try (URLClassLoader loader = moduleLoader("fluxlab-targets-spring-boot3")) {
            checkParser("webflux-undertow-native",
                    parser(loader, "dev.fluxlab.targets.spring.boot3.undertow.WebfluxUndertowNativeApplication"), problems);
        }
        try (URLClassLoader loader = moduleLoader("fluxlab-targets-mvc")) {
            checkParser("mvc-tomcat", parser(loader, "dev.fluxlab.targets.mvc.MvcOptions"), problems);
        }
        assertEquals(List.of(), problems);
    }

    /** A class loader over a target module's own classpath ({@code target/classes} + {@code target/lib}). */
    private static URLClassLoader moduleLoader(String module) throws Exception {
        Path classes = HOME.resolve(module + "/target/classes");
        Path lib = HOME.resolve(module + "/target/lib");
        assertTrue(Files.isDirectory(classes) && Files.isDirectory(lib), "build " + module + " first");
        List<URL> urls = new ArrayList<>(List.of(classes.toUri().toURL()));
        try (Stream<Path> jars = Files.list(lib)) {
            for (Path j : jars.filter(p -> p.toString().endsWith(".jar")).toList()) {
                urls.add(j.toUri().toURL());
            }
        }
        return new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
    }

    /** The static {@code parse(String[])} of a target's knob class. */
    private static Method parser(ClassLoader loader, String className) throws Exception {
        return loader.loadClass(className).getMethod("parse", String[].class);
    }

    /**
     * A knob accepted by name; its literal default parses to the same options as leaving it out; an enum knob takes
     * each registry value and refuses the values other targets offer for the same knob.
     */
    private static void checkParser(String target, Method parse, List<String> problems, String... required)
            throws Exception {
        Object defaults = parse.invoke(null, (Object) required);
        for (Map.Entry<String, KnobDef> k : REGISTRY.target(target).orElseThrow().knobsOrEmpty().entrySet()) {
            String flag = k.getValue().flagFor(k.getKey());
            String where = target + " " + flag;
            String example = literalDefault(k.getValue()).orElse(sample(k.getValue()));
            Object parsed = parse(parse, required, flag + "=" + example);
            if (parsed instanceof String refusal) {
                problems.add(where + "=" + example + ": refused: " + refusal);
            } else if (literalDefault(k.getValue()).isPresent() && k.getValue().stacks() == null
                    && k.getValue().resolve() == null
                    && !parsed.equals(defaults)) {
                problems.add(where + ": the registry default '" + example + "' is not the target's default");
            }
            if ("enum".equals(k.getValue().type())) {
                for (String v : universe(k.getKey())) {
                    boolean accepted = !(parse(parse, required, flag + "=" + v) instanceof String);
                    if (accepted != k.getValue().values().contains(v)) {
                        problems.add(where + "=" + v + ": " + (accepted ? "accepted" : "refused")
                                + " by the target, " + (accepted ? "not " : "") + "in the registry");
                    }
                }
            }
        }
    }

    /** The parsed options of {@code required} (the target's required knobs) then {@code arg}, or the refusal's message. */
    private static Object parse(Method parse, String[] required, String arg) throws IllegalAccessException {
        String[] args = java.util.Arrays.copyOf(required, required.length + 1);
        args[required.length] = arg;
        try {
            return parse.invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            return String.valueOf(e.getCause().getMessage());
        }
    }

    /** The registry default when it is a value of the knob (not a description such as "OS default"). */
    private static Optional<String> literalDefault(KnobDef k) {
        return k.literalDefault();
    }

    /** An accepted value of a knob whose default is not literal. */
    private static String sample(KnobDef k) {
        return switch (k.type() == null ? "text" : k.type()) {
            case "enum" -> k.values().get(0);
            case "int" -> String.valueOf(Math.max(k.min() == null ? 1 : k.min(), 1));
            case "bool" -> "true";
            default -> k.example().replaceAll("\\$\\{[^}]+}", "1"); // ${backend.port}: a placeholder the runner fills
        };
    }

    /** Every value any target's registry entry offers for a knob of this name. */
    private static Set<String> universe(String knob) {
        Set<String> all = new LinkedHashSet<>();
        for (LaunchDef t : REGISTRY.targets().values()) {
            KnobDef k = t.knobsOrEmpty().get(knob);
            if (k != null && k.values() != null) {
                all.addAll(k.values());
            }
        }
        return all;
    }

    /** Whether {@code help} names {@code value} as a word of its own ({@code h2} is not in {@code h2c}). */
    private static boolean mentions(String help, String value) {
        return Pattern.compile("(?<![\\w.+-])" + Pattern.quote(value) + "(?![\\w+-]|\\.\\w)").matcher(help).find();
    }

    @Test
    void contractsNamesEveryKnobOfEveryTarget() throws Exception {
        String contracts = Files.readString(HOME.resolve("docs/contracts.md"));
        List<String> missing = new ArrayList<>();
        REGISTRY.targets().forEach((name, def) -> def.knobsOrEmpty().forEach((knob, k) -> {
            if (!Pattern.compile(Pattern.quote(k.flagFor(knob)) + "(?![\\w-])").matcher(contracts).find()) {
                missing.add(name + " " + k.flagFor(knob));
            }
        }));
        assertEquals(List.of(), missing);
    }
}
