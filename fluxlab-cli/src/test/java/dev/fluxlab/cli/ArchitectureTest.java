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
     * The CLI's packages form no cycle either. The one it had, frozen here until issue 35 moved the option vocabulary
     * below the CLI and the targets, is gone: the {@code serve} commands parsed their options through the top
     * package's {@code OptionValues} and {@code LoadCommand}'s converters while the top package lists {@code serve};
     * now the commands live with their target families and read their options from {@code dev.fluxlab.options}.
     */
    @Test
    void packagesOfTheCliFormNoCycle() {
        slices().assignedFrom(packagesUnder("dev.fluxlab.cli")).should().beFreeOfCycles().check(main);
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
