package dev.fluxlab.cli;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The architecture rules the compiler does not check, read from the compiled main classes of every module on this
 * module's test classpath (model, probe, loadgen, runner, report, history and the CLI itself):
 * <ul>
 *   <li>within each module, its packages form no cycle: each slice is one package directly under
 *       {@code dev.fluxlab.<module>} with its subpackages, and the module's top package is a slice of its own (a
 *       class there calling into a subpackage that calls back is a cycle too);</li>
 *   <li>the model depends on no other fluxlab module (everything else depends on it).</li>
 * </ul>
 * Maven already refuses cycles between modules. A cycle a module still has is frozen here by name, with why, so no
 * new one appears.
 */
class ArchitectureTest {

    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.fluxlab");
    }

    @ParameterizedTest
    @ValueSource(strings = {"model", "probe", "loadgen", "runner", "report", "history"})
    void packagesOfEachModuleFormNoCycle(String module) {
        slices().assignedFrom(packagesUnder("dev.fluxlab." + module)).should().beFreeOfCycles().check(main);
    }

    /**
     * The CLI's one known cycle, frozen: the top package reaches {@code serve} ({@code Main} lists its commands,
     * {@code ListCommand} prints them), and the {@code serve} commands parse their options through the top package's
     * {@code OptionValues} (bind options, client pools, leak detection, backend URLs ...) and, for
     * {@code serve http-client-loader}, {@code LoadCommand}'s converters of {@code --method}, {@code --warmup} and
     * {@code --progress}. That option vocabulary is to move below both the CLI and the targets (issue 35); until then
     * these edges, and only they, are allowed: any other dependency of {@code serve} on the top package fails.
     */
    @Test
    void packagesOfTheCliFormNoCycleButTheFrozenOne() {
        DescribedPredicate<JavaClass> serve = resideInAPackage("dev.fluxlab.cli.serve..");
        DescribedPredicate<JavaClass> options = DescribedPredicate.describe(
                "dev.fluxlab.cli.OptionValues or dev.fluxlab.cli.LoadCommand's converters",
                c -> c.getName().startsWith("dev.fluxlab.cli.OptionValues")
                        || List.of("Method", "Warmup", "Progress").stream()
                        .anyMatch(n -> c.getName().equals("dev.fluxlab.cli.LoadCommand$" + n)));
        slices().assignedFrom(packagesUnder("dev.fluxlab.cli")).should().beFreeOfCycles()
                .ignoreDependency(serve, options).check(main);
    }

    @Test
    void theModelDependsOnNoOtherFluxlabModule() {
        noClasses().that().resideInAPackage("dev.fluxlab.model..").should().dependOnClassesThat(
                        resideInAPackage("dev.fluxlab..").and(DescribedPredicate.not(
                                resideInAPackage("dev.fluxlab.model.."))).as("reside in another fluxlab module"))
                .check(main);
    }

    /** One slice per package directly under {@code base} (with its subpackages), and {@code base} itself as one. */
    private static SliceAssignment packagesUnder(String base) {
        return new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass c) {
                String p = c.getPackageName();
                if (p.equals(base)) {
                    return SliceIdentifier.of(base);
                }
                if (!p.startsWith(base + ".")) {
                    return SliceIdentifier.ignore();
                }
                String rest = p.substring(base.length() + 1);
                int dot = rest.indexOf('.');
                return SliceIdentifier.of(base + "." + (dot < 0 ? rest : rest.substring(0, dot)));
            }

            @Override
            public String getDescription() {
                return "the packages under " + base + " and " + base + " itself";
            }
        };
    }
}
