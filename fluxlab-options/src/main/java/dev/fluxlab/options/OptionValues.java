package dev.fluxlab.options;

import dev.fluxlab.model.Decimals;
import dev.fluxlab.model.Durations;
import dev.fluxlab.model.Refusal;
import picocli.CommandLine;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * How fluxlab's command lines read option values, written once for every command (the {@code fluxlab} command's
 * and each target family's own entry point): the converters {@link #install}
 * registers by type (a path, a whole or fractional number, a duration), the converters options name for their kind of value ({@link Parsing}: every option
 * whose value is one of a list, a Labelled enum's or a {@link Choice}, is read by one), and the one frame of what they
 * refuse, {@code <command>: <option>: <problem and fix>} on one line with exit 2 ({@link ShortErrors} prints it): an
 * unknown name reads {@code fluxlab serve netty: --transport: unknown transport 'x'; accepted: ...}
 * ({@link Refusal#unknown}) on every command, a word given a number option {@code fluxlab serve reactor-netty: --workers:
 * 'many' is not a whole number; ...}.
 */
public final class OptionValues {

    private OptionValues() {
    }

    /**
     * A value a fluxlab converter refuses, its message in the lab's words and complete but for the option's name,
     * which the frame adds: {@code unknown transport 'x'; accepted: ...}, {@link Refusal#EMPTY_PATH}.
     */
    public static final class Refused extends CommandLine.TypeConversionException {
        public Refused(String message) {
            super(message);
        }
    }

    /**
     * Installs the value rules and the short error lines on {@code cl} and every sub-command it has: each entry point
     * (the {@code fluxlab} command, a target started from a classpath of its own) calls this once.
     */
    public static CommandLine install(CommandLine cl) {
        cl.registerConverter(Path.class, OptionValues::path);
        cl.registerConverter(Double.class, OptionValues::decimal);
        cl.registerConverter(double.class, OptionValues::decimal);
        cl.registerConverter(Integer.class, OptionValues::wholeInt);
        cl.registerConverter(int.class, OptionValues::wholeInt);
        cl.registerConverter(Long.class, OptionValues::wholeLong);
        cl.registerConverter(long.class, OptionValues::wholeLong);
        cl.registerConverter(Duration.class, OptionValues::duration);
        cl.setParameterExceptionHandler(ShortErrors::handle);
        return cl;
    }

    /**
     * The one line of a value an option refused: {@code <command>: <option>: <message>}, the option named as
     * {@code --long-name}, a parameter by its label ({@code DIR}).
     */
    public static String line(CommandLine.Model.CommandSpec command, CommandLine.Model.ArgSpec arg, String message) {
        return command.qualifiedName() + ": " + name(arg) + ": " + message;
    }

    /** An option's longest name, a positional parameter's label. */
    public static String name(CommandLine.Model.ArgSpec arg) {
        return arg instanceof CommandLine.Model.OptionSpec o ? o.longestName() : arg.paramLabel();
    }

    /**
     * A path option or parameter: an empty one is refused ({@link Refusal#EMPTY_PATH}) instead of naming the working
     * directory. Null stays null (an optional value left out, {@link CommandLine.Option#NULL_VALUE}); a name Java
     * cannot hold (a NUL, a character this locale's charset lacks) is refused with what to do about it.
     */
    public static Path path(String text) {
        if (text == null) {
            return null;
        }
        if (text.isEmpty()) {
            throw new Refused(Refusal.EMPTY_PATH);
        }
        try {
            return Path.of(text);
        } catch (java.nio.file.InvalidPathException e) {
            throw new Refused(PathNames.unnameable(e));
        }
    }

    /**
     * A number option ({@code --rate}): digits with an optional fraction only ({@link Decimals}), as a suite's and
     * compare's percentages are read; Java's syntax read {@code --rate 0x1p10} as 1024 and took {@code 5d} and NaN.
     */
    public static Double decimal(String text) {
        Double value = Decimals.parse(text);
        if (value == null) {
            throw new Refused("'" + text + "' is not a decimal number; write digits with an optional fraction, e.g. "
                    + "1000 or 2.5");
        }
        return value;
    }

    /** A whole-number option ({@code -c}, {@code --workers}): see {@link #wholeLong}; also at most 2147483647. */
    public static Integer wholeInt(String text) {
        long value = wholeLong(text);
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw new Refused("'" + text + "' is out of range; write a whole number of at most " + Integer.MAX_VALUE);
        }
        return (int) value;
    }

    /**
     * A whole-number option: ASCII digits with an optional minus, as a person types them. Java's own reading also took
     * {@code +16} and other scripts' digits ({@code ١٦} as 16), and picocli refused the rest in its own frame
     * ({@code Invalid value for option '-c': 'x' is not an int}) with a pointer to the help.
     */
    public static Long wholeLong(String text) {
        String t = text == null ? "" : text.strip();
        if (!t.matches("-?[0-9]+")) {
            throw new Refused("'" + text + "' is not a whole number; write digits, e.g. 16");
        }
        try {
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw new Refused("'" + text + "' is out of range; write a whole number of at most " + Long.MAX_VALUE);
        }
    }

    /**
     * A duration option ({@code --duration}, {@code --sleep}): the lab's one duration rule ({@link Durations}, a number
     * with a unit, {@code 10s}, {@code 500ms}, or {@code 0}), read when the command line is: durations were text until
     * the command ran, refused under {@code fluxlab:} in words of each command's own, and picocli's own reading of a
     * {@link Duration} takes ISO-8601 ({@code PT1S}), which no other part of the lab reads.
     */
    public static Duration duration(String text) {
        return parsed(Durations::parse, text);
    }

    /**
     * A duration option with a least value of its own ({@code load --duration}: 100ms), refused in the frame with the
     * reason: {@code converter = X.class} on the option, X a subclass naming the bound and why it is there.
     */
    public abstract static class DurationAtLeast implements CommandLine.ITypeConverter<Duration> {
        private final Duration least;
        private final String why;

        /** {@code why}: what a shorter value would do, in a parenthesis after the bound, or empty. */
        protected DurationAtLeast(Duration least, String why) {
            this.least = least;
            this.why = why;
        }

        @Override
        public Duration convert(String text) {
            Duration d = duration(text);
            if (d.compareTo(least) < 0) {
                throw new Refused(least.equals(Duration.ofNanos(1))
                        ? "'" + text + "' must be more than 0" + why + ", e.g. 10s"
                        : "'" + text + "' must be at least " + Durations.format(least) + why + ", e.g. 10s");
            }
            return d;
        }
    }

    /** A duration option that cannot be 0: a phase's bound, a length of time something lasts. */
    public static final class PositiveDuration extends DurationAtLeast {
        public PositiveDuration() {
            super(Duration.ofNanos(1), "");
        }
    }

    /**
     * A duration option that also takes one word ({@code --warmup auto}), given to the command as written (the word
     * in lower case): {@code converter = X.class}, X a subclass naming the word.
     */
    public abstract static class DurationOrWord implements CommandLine.ITypeConverter<String> {
        private final String word;

        protected DurationOrWord(String word) {
            this.word = word;
        }

        @Override
        public String convert(String text) {
            if (text != null && text.trim().equalsIgnoreCase(word)) {
                return word;
            }
            try {
                Durations.parse(text);
            } catch (IllegalArgumentException e) {
                throw new Refused(e.getMessage() + ", or " + word);
            }
            return text;
        }
    }

    /**
     * A converter from a parser that refuses bad input with an {@link IllegalArgumentException} in the lab's words (a
     * Labelled enum's {@code of}): {@code converter = X.class} on an option, X a subclass naming the parser.
     */
    public abstract static class Parsing<T> implements CommandLine.ITypeConverter<T> {
        private final Function<String, T> parse;

        protected Parsing(Function<String, T> parse) {
            this.parse = parse;
        }

        @Override
        public T convert(String value) {
            return parsed(parse, value);
        }
    }

    /**
     * One of a list of plain names (no enum of their own), matched as a Labelled name is, trimmed and in any case, and
     * given to the command as listed; another is refused with the list ({@link Refusal#unknown}).
     */
    public abstract static class Choice extends Parsing<String> {
        protected Choice(String what, List<String> accepted) {
            super(value -> accepted.stream().filter(a -> a.equalsIgnoreCase(value.trim())).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException(Refusal.unknown(what, value, accepted))));
        }

        protected Choice(String what, String... accepted) {
            this(what, Arrays.asList(accepted));
        }
    }

    /**
     * A comma-separated option ({@code split = ","}) refuses an empty item, {@code cpu,}, {@code ,cpu} or
     * {@code cpu,,alloc}, as such: picocli dropped a trailing one without a word ({@code --profile=cpu,} read as
     * {@code cpu}) and handed the others to the item's converter. {@code preprocessor = CommaList.class} on every
     * split option.
     */
    public static final class CommaList implements CommandLine.IParameterPreprocessor {
        @Override
        public boolean preprocess(java.util.Stack<String> args, CommandLine.Model.CommandSpec command,
                                  CommandLine.Model.ArgSpec arg, java.util.Map<String, Object> info) {
            if (!args.isEmpty() && Arrays.stream(args.peek().split(arg.splitRegex(), -1)).anyMatch(String::isBlank)) {
                String message = "'" + args.peek() + "' has an empty item (a comma too many); separate the items by "
                        + "single commas";
                throw new CommandLine.ParameterException(command.commandLine(), message, new Refused(message), arg,
                        args.peek());
            }
            return false;
        }
    }

    /**
     * What {@code parse} makes of {@code text}, for a converter: its {@link IllegalArgumentException} (the lab's
     * refusal, e.g. {@link Refusal#unknown}) becomes a {@link Refused} that the frame names the option in.
     */
    public static <T> T parsed(Function<String, T> parse, String text) {
        try {
            return parse.apply(text);
        } catch (IllegalArgumentException e) {
            throw new Refused(e.getMessage());
        }
    }
}
